import type { DatasetDoc, DatasetField } from './documents';

/** What an engine needs of a dataset: the built-in one and an organization's stored ones alike. */
export type DatasetDefinition = Pick<DatasetDoc, 'key' | 'name' | 'description' | 'applies_to' | 'fields'>;

const field = (
  name: string,
  type: DatasetField['type'],
  description: string,
  extra: Partial<DatasetField> = {},
): DatasetField => ({ name, type, description, required: false, ...extra });

/** MISMO enumeration values, so the extraction feeds the MISMO file without translation. */
export const LOAN_PURPOSES = ['Purchase', 'Refinance'] as const;
/** The loan programs as people and the dataset name them; MISMO's own words are in lib/mismo.ts. */
export const MORTGAGE_TYPES = ['Conventional', 'FHA', 'VA', 'USDA'] as const;
export const OCCUPANCIES = ['PrimaryResidence', 'SecondHome', 'Investment'] as const;

/** The built-in dataset of lending calls; its result becomes the MISMO 3.4 file. */
export const MORTGAGE_LEAD_DATASET: DatasetDefinition = {
  key: 'mortgage_lead',
  name: 'Mortgage lead',
  description: 'The borrower, the property and the loan a mortgage lead talks about.',
  applies_to: 'lending_calls',
  fields: [
    field('borrower_first_name', 'string', "The borrower's first name.", { required: true }),
    field('borrower_last_name', 'string', "The borrower's last name.", { required: true }),
    field('borrower_phone', 'phone', "The borrower's phone number (E.164)."),
    field('borrower_email', 'email', "The borrower's e-mail address."),
    field('property_address', 'address', 'The subject property: { line, city, state (two letters), postal_code }.'),
    field('loan_purpose', 'enum', 'Purchase or refinance.', { options: [...LOAN_PURPOSES], required: true }),
    field('cash_out', 'boolean', 'Whether a refinance takes cash out.'),
    field('mortgage_type', 'enum', 'The loan program.', { options: [...MORTGAGE_TYPES] }),
    field('loan_amount', 'money', 'The amount the borrower wants to borrow, in dollars.'),
    field('purchase_price', 'money', 'The price of the home being bought, in dollars.'),
    field('property_value', 'money', "The home's estimated value, in dollars."),
    field('occupancy', 'enum', 'How the borrower will use the property.', { options: [...OCCUPANCIES] }),
    field('employer_name', 'string', "The borrower's employer."),
    field('monthly_income', 'money', "The borrower's gross monthly income, in dollars."),
  ],
};
