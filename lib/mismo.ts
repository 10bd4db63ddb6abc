import { LOAN_PURPOSES, MORTGAGE_TYPES, OCCUPANCIES } from './datasets';

/** MISMO 3.4's MortgageType value for each program of the dataset (USDA is "USDARuralDevelopment"). */
export const MISMO_MORTGAGE_TYPE: Record<(typeof MORTGAGE_TYPES)[number], string> = {
  Conventional: 'Conventional',
  FHA: 'FHA',
  VA: 'VA',
  USDA: 'USDARuralDevelopment',
};
import { US_STATES, type PostalAddress } from './address';

/**
 * MISMO 3.4 (reference model B324) XML from a call's `mortgage_lead` extraction: one DEAL with the
 * subject property, the subject loan and the borrower, tied together by xlink relationships. The
 * element order follows the schema's sequences; the checks below cover what the schema cannot.
 */

export const MISMO_NAMESPACE = 'http://www.mismo.org/residential/2009/schemas';
export const MISMO_REFERENCE_MODEL = '3.4.032420160128';
/** Arcroles we use; `IsAssociatedWith` URIs are the form the B324 schema admits for any pair. */
export const MISMO_ARCROLES = {
  roleToLoan: 'urn:fdc:mismo.org:2009:residential/ROLE_IsAssociatedWith_LOAN',
  propertyToLoan: 'urn:fdc:mismo.org:2009:residential/PROPERTY_IsAssociatedWith_LOAN',
} as const;

export interface MortgageLead {
  borrower_first_name?: string;
  borrower_last_name?: string;
  borrower_phone?: string;
  borrower_email?: string;
  property_address?: PostalAddress;
  loan_purpose?: (typeof LOAN_PURPOSES)[number];
  cash_out?: boolean;
  mortgage_type?: (typeof MORTGAGE_TYPES)[number];
  loan_amount?: number;
  purchase_price?: number;
  property_value?: number;
  occupancy?: (typeof OCCUPANCIES)[number];
  employer_name?: string;
  monthly_income?: number;
}

const escapeXml = (value: string) =>
  value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');

/** A MISMOAmount: a decimal with exactly two fraction digits. */
export const mismoAmount = (amount: number) => amount.toFixed(2);
/** A MISMONumericString phone: digits only, without the North American country code. */
export const mismoPhone = (e164: string) => e164.replace(/^\+1(?=\d{10}$)/, '').replace(/\D/g, '');

/** Builds an element: `null`/`undefined` children and empty containers are left out. */
function el(
  name: string,
  children: (string | null | undefined)[] | string | number | null | undefined,
  attributes = '',
): string | null {
  if (children === null || children === undefined) return null;
  if (typeof children === 'string' || typeof children === 'number') {
    return `<${name}${attributes}>${escapeXml(String(children))}</${name}>`;
  }
  const inner = children.filter((child): child is string => Boolean(child));
  if (inner.length === 0) return null;
  return `<${name}${attributes}>${inner.join('')}</${name}>`;
}

const LABELS = { loan: 'LOAN_1', property: 'PROPERTY_1', borrowerRole: 'PARTY_1_ROLE_1' } as const;

export function buildMismoXml(lead: MortgageLead, options: { createdAt: Date; loanIdentifier: string }): string {
  const address = lead.property_address;
  const property = el(
    'SUBJECT_PROPERTY',
    [
      address
        ? el('ADDRESS', [
            el('AddressLineText', address.line),
            el('CityName', address.city),
            el('CountryCode', 'US'),
            el('PostalCode', address.postal_code ?? undefined),
            el('StateCode', address.state),
          ])
        : null,
      el('PROPERTY_DETAIL', [
        el(
          'PropertyEstimatedValueAmount',
          lead.property_value !== undefined ? mismoAmount(lead.property_value) : undefined,
        ),
        el('PropertyUsageType', lead.occupancy),
      ]),
      lead.purchase_price !== undefined
        ? el('SALES_CONTRACTS', [
            el(
              'SALES_CONTRACT',
              [el('SALES_CONTRACT_DETAIL', [el('SalesContractAmount', mismoAmount(lead.purchase_price))])],
              ' SequenceNumber="1"',
            ),
          ])
        : null,
    ],
    ` xlink:label="${LABELS.property}"`,
  );
  const loan = el(
    'LOAN',
    [
      el('LOAN_IDENTIFIERS', [
        el(
          'LOAN_IDENTIFIER',
          [el('LoanIdentifier', options.loanIdentifier), el('LoanIdentifierType', 'LenderLoan')],
          ' SequenceNumber="1"',
        ),
      ]),
      lead.loan_purpose === 'Refinance' && lead.cash_out !== undefined
        ? el('REFINANCE', [el('RefinanceCashOutDeterminationType', lead.cash_out ? 'CashOut' : 'NoCashOut')])
        : null,
      el('TERMS_OF_LOAN', [
        el('BaseLoanAmount', lead.loan_amount !== undefined ? mismoAmount(lead.loan_amount) : undefined),
        el('LoanPurposeType', lead.loan_purpose),
        el('MortgageType', lead.mortgage_type ? MISMO_MORTGAGE_TYPE[lead.mortgage_type] : undefined),
      ]),
    ],
    ` LoanRoleType="SubjectLoan" SequenceNumber="1" xlink:label="${LABELS.loan}"`,
  );
  const contactPoints = [
    lead.borrower_phone
      ? el(
          'CONTACT_POINT',
          [
            el('CONTACT_POINT_TELEPHONE', [el('ContactPointTelephoneValue', mismoPhone(lead.borrower_phone))]),
            el('CONTACT_POINT_DETAIL', [el('ContactPointRoleType', 'Mobile')]),
          ],
          ' SequenceNumber="1"',
        )
      : null,
    lead.borrower_email
      ? el(
          'CONTACT_POINT',
          [
            el('CONTACT_POINT_EMAIL', [el('ContactPointEmailValue', lead.borrower_email)]),
            el('CONTACT_POINT_DETAIL', [el('ContactPointRoleType', 'Home')]),
          ],
          ` SequenceNumber="${lead.borrower_phone ? 2 : 1}"`,
        )
      : null,
  ];
  const borrower = el('BORROWER', [
    lead.monthly_income !== undefined
      ? el('CURRENT_INCOME', [
          el('CURRENT_INCOME_ITEMS', [
            el(
              'CURRENT_INCOME_ITEM',
              [
                el('CURRENT_INCOME_ITEM_DETAIL', [
                  el('CurrentIncomeMonthlyTotalAmount', mismoAmount(lead.monthly_income)),
                  el('EmploymentIncomeIndicator', lead.employer_name ? 'true' : undefined),
                  el('IncomeType', 'Base'),
                ]),
              ],
              ' SequenceNumber="1"',
            ),
          ]),
        ])
      : null,
    lead.employer_name
      ? el('EMPLOYERS', [
          el(
            'EMPLOYER',
            [el('LEGAL_ENTITY', [el('LEGAL_ENTITY_DETAIL', [el('FullName', lead.employer_name)])])],
            ' SequenceNumber="1"',
          ),
        ])
      : null,
  ]);
  const party = el(
    'PARTY',
    [
      el('INDIVIDUAL', [
        el('CONTACT_POINTS', contactPoints),
        el('NAME', [el('FirstName', lead.borrower_first_name), el('LastName', lead.borrower_last_name)]),
      ]),
      el('ROLES', [
        el(
          'ROLE',
          [borrower, el('ROLE_DETAIL', [el('PartyRoleType', 'Borrower')])],
          ` SequenceNumber="1" xlink:label="${LABELS.borrowerRole}"`,
        ),
      ]),
    ],
    ' SequenceNumber="1"',
  );
  const relationships = el('RELATIONSHIPS', [
    `<RELATIONSHIP SequenceNumber="1" xlink:arcrole="${MISMO_ARCROLES.roleToLoan}" xlink:from="${LABELS.borrowerRole}" xlink:to="${LABELS.loan}"/>`,
    // Only when the call gave something about the property (an empty SUBJECT_PROPERTY is left out).
    property
      ? `<RELATIONSHIP SequenceNumber="2" xlink:arcrole="${MISMO_ARCROLES.propertyToLoan}" xlink:from="${LABELS.property}" xlink:to="${LABELS.loan}"/>`
      : null,
  ]);
  const deal = el(
    'DEAL',
    [
      el('COLLATERALS', [el('COLLATERAL', [property], ' SequenceNumber="1"')]),
      el('LOANS', [loan]),
      el('PARTIES', [party]),
      relationships,
    ],
    ' SequenceNumber="1"',
  );
  const message = el(
    'MESSAGE',
    [
      el('ABOUT_VERSIONS', [
        el(
          'ABOUT_VERSION',
          [el('CreatedDatetime', options.createdAt.toISOString().replace(/\.\d{3}Z$/, 'Z'))],
          ' SequenceNumber="1"',
        ),
      ]),
      el('DEAL_SETS', [el('DEAL_SET', [el('DEALS', [deal])], ' SequenceNumber="1"')]),
    ],
    ` xmlns="${MISMO_NAMESPACE}" xmlns:xlink="http://www.w3.org/1999/xlink" MISMOReferenceModelIdentifier="${MISMO_REFERENCE_MODEL}"`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n${message}\n`;
}

/**
 * What the MISMO schema does not check: every xlink:from/to names an existing label, labels are
 * unique, arcroles are ours, phones are digits, amounts have two decimals, states are two-letter
 * codes, enumerations are MISMO's, names are not empty, and the message has a LOAN.
 * Returns the problems found (empty when the document is sound).
 */
export function checkMismoXml(xml: string): string[] {
  const problems: string[] = [];
  const labels = [...xml.matchAll(/xlink:label="([^"]*)"/g)].map((match) => match[1]!);
  const duplicates = labels.filter((label, index) => labels.indexOf(label) !== index);
  if (duplicates.length) problems.push(`duplicate xlink labels: ${[...new Set(duplicates)].join(', ')}`);
  for (const [, attribute, label] of xml.matchAll(/xlink:(from|to)="([^"]*)"/g)) {
    if (!labels.includes(label!)) problems.push(`xlink:${attribute} names no label: ${label}`);
  }
  const arcroles = Object.values(MISMO_ARCROLES) as string[];
  for (const [, arcrole] of xml.matchAll(/xlink:arcrole="([^"]*)"/g)) {
    if (!arcroles.includes(arcrole!)) problems.push(`unknown arcrole: ${arcrole}`);
  }
  const values = (element: string) =>
    [...xml.matchAll(new RegExp(`<${element}>([^<]*)</${element}>`, 'g'))].map((match) => match[1]!);
  for (const phone of values('ContactPointTelephoneValue')) {
    if (!/^\d{10,15}$/.test(phone)) problems.push(`phone is not 10-15 digits: ${phone}`);
  }
  for (const element of [
    'BaseLoanAmount',
    'PropertyEstimatedValueAmount',
    'SalesContractAmount',
    'CurrentIncomeMonthlyTotalAmount',
  ]) {
    for (const amount of values(element)) {
      if (!/^\d+\.\d{2}$/.test(amount)) problems.push(`${element} is not an amount with two decimals: ${amount}`);
    }
  }
  const stateCodes = new Set(Object.values(US_STATES));
  for (const state of values('StateCode'))
    if (!stateCodes.has(state)) problems.push(`not a two-letter state code: ${state}`);
  const enumerations: [string, readonly string[]][] = [
    ['LoanPurposeType', LOAN_PURPOSES],
    ['MortgageType', Object.values(MISMO_MORTGAGE_TYPE)],
    ['PropertyUsageType', OCCUPANCIES],
  ];
  for (const [element, allowed] of enumerations) {
    for (const value of values(element))
      if (!allowed.includes(value)) problems.push(`${element} is not a MISMO value: ${value}`);
  }
  for (const element of ['FirstName', 'LastName', 'FullName', 'AddressLineText', 'CityName']) {
    for (const value of values(element)) if (!value.trim()) problems.push(`${element} is empty`);
  }
  if (!/<LOANS>[\s\S]*<LOAN[\s>]/.test(xml)) problems.push('the message has no LOANS/LOAN');
  return problems;
}
