import { validateMismoXml } from '../../activities/providers/mismoValidator';
import { extractDataset } from '../../activities/language/embedded/extraction';
import { MORTGAGE_LEAD_DATASET } from '../../lib/datasets';
import { buildMismoXml, checkMismoXml, mismoAmount, mismoPhone, type MortgageLead } from '../../lib/mismo';
import { loadCorpus } from '../../bench/corpus';
import { callTextOf } from '../support/callFixtures';
import { describeWithMismoSchema, mismoXsdDir } from '../support/env';

const COMPLETE_LEAD: MortgageLead = {
  borrower_first_name: 'Dana',
  borrower_last_name: "O'Brien & Sons <test>",
  borrower_phone: '+15035550199',
  borrower_email: 'dana.brooks@outlook.com',
  property_address: { line: '8 Lakeview Drive', city: 'Bend', state: 'OR', postal_code: '97701' },
  loan_purpose: 'Refinance',
  cash_out: true,
  mortgage_type: 'VA',
  loan_amount: 250000,
  purchase_price: 410000.5,
  property_value: 410000,
  occupancy: 'SecondHome',
  employer_name: 'Fabrikam Logistics',
  monthly_income: 8000,
};
const options = { createdAt: new Date('2026-06-01T16:00:00Z'), loanIdentifier: 'call_test' };

describe('MISMO 3.4 generation: our own checks', () => {
  test('a complete lead passes them, with MISMO value forms', () => {
    const xml = buildMismoXml(COMPLETE_LEAD, options);
    expect(checkMismoXml(xml)).toEqual([]);
    expect(xml).toContain('<ContactPointTelephoneValue>5035550199</ContactPointTelephoneValue>');
    expect(xml).toContain('<SalesContractAmount>410000.50</SalesContractAmount>');
    expect(xml).toContain('<LastName>O&apos;Brien &amp; Sons &lt;test&gt;</LastName>');
    expect(xml).toContain('<RefinanceCashOutDeterminationType>CashOut</RefinanceCashOutDeterminationType>');
    expect(mismoAmount(12.5)).toBe('12.50');
    expect(mismoPhone('+14155550123')).toBe('4155550123');
  });

  test.each([
    [
      'an xlink:to that names no label',
      (xml: string) => xml.replace('xlink:to="LOAN_1"', 'xlink:to="LOAN_9"'),
      /names no label: LOAN_9/,
    ],
    [
      'a duplicate label',
      (xml: string) => xml.replace('xlink:label="PROPERTY_1"', 'xlink:label="LOAN_1"'),
      /duplicate xlink labels/,
    ],
    [
      'an invented arcrole',
      (xml: string) => xml.replace(/ROLE_IsAssociatedWith_LOAN/, 'ROLE_Owns_LOAN'),
      /unknown arcrole/,
    ],
    [
      'a state name for a code',
      (xml: string) => xml.replace('<StateCode>OR</StateCode>', '<StateCode>Oregon</StateCode>'),
      /two-letter state/,
    ],
    ['a formatted phone', (xml: string) => xml.replace('5035550199', '503-555-0199'), /phone is not/],
    ['an amount without cents', (xml: string) => xml.replace('250000.00', '250000'), /BaseLoanAmount is not an amount/],
    ['a made-up enumeration', (xml: string) => xml.replace('>VA<', '>Jumbo<'), /MortgageType is not a MISMO value/],
    [
      'an empty name',
      (xml: string) => xml.replace('<FirstName>Dana</FirstName>', '<FirstName> </FirstName>'),
      /FirstName is empty/,
    ],
    ['no loan', (xml: string) => xml.replace(/<LOANS>[\s\S]*<\/LOANS>/, ''), /no LOANS/],
  ])('catch %s', (_name, breakIt, problem) => {
    expect(checkMismoXml(breakIt(buildMismoXml(COMPLETE_LEAD, options))).join('\n')).toMatch(problem);
  });
});

describeWithMismoSchema('MISMO 3.4 generation against the B324 schema (xmllint)', () => {
  const xsdDir = mismoXsdDir()!;

  test('a complete lead, a minimal one, and every lending sample call validate', async () => {
    const documents = [buildMismoXml(COMPLETE_LEAD, options), buildMismoXml({ borrower_first_name: 'Al' }, options)];
    for (const fixture of loadCorpus().filter((f) => f.expected.is_lending_call)) {
      const text = callTextOf(fixture.turns, { recorded_at: fixture.recorded_at, agentName: fixture.agent.name });
      const lead = extractDataset(MORTGAGE_LEAD_DATASET, text).data as MortgageLead;
      documents.push(buildMismoXml(lead, options));
    }
    expect(documents.length).toBeGreaterThanOrEqual(2);
    for (const xml of documents) {
      expect(checkMismoXml(xml)).toEqual([]);
      expect(await validateMismoXml(xml, xsdDir)).toEqual({ valid: true, errors: [] });
    }
  });

  test('the schema refuses what it enforces (element order, lowercase booleans), with xmllint messages', async () => {
    const xml = buildMismoXml(COMPLETE_LEAD, options);
    const wrongOrder = xml.replace(
      /(<FirstName>[^<]*<\/FirstName>)(<LastName>[^<]*<\/LastName>)/,
      (_m, first: string, last: string) => last + first,
    );
    const upperBoolean = xml.replace('<EmploymentIncomeIndicator>true<', '<EmploymentIncomeIndicator>TRUE<');
    for (const broken of [wrongOrder, upperBoolean]) {
      const result = await validateMismoXml(broken, xsdDir);
      expect(result.valid).toBe(false);
      expect(result.errors.join('\n')).toMatch(/Schemas validity error|fails to validate/);
    }
  });
});
