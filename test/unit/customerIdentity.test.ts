import {
  contactIdFor,
  crmPerson,
  customerIdentityFromExtractions,
  mergedLeadCreatedAt,
} from '../../lib/customerIdentity';
import type { ExtractionResult } from '../../lib/documents';

const extraction = (dataset: string, data: Record<string, unknown>): ExtractionResult => ({
  dataset,
  data,
  evidence: {},
  missing_required: [],
});

describe('who the customer of a call is', () => {
  test('a contact id is the same for the same identity in one organization, and differs across them', () => {
    expect(contactIdFor('org_a', 'phone:+14155550123')).toBe(contactIdFor('org_a', 'phone:+14155550123'));
    expect(contactIdFor('org_a', 'phone:+14155550123')).not.toBe(contactIdFor('org_b', 'phone:+14155550123'));
    expect(contactIdFor('org_a', 'phone:+14155550123')).toMatch(/^ct_[0-9a-f]{24}$/);
  });

  test('identity from extractions: the first dataset that has each, e-mail lower-cased, names joined', () => {
    const said = customerIdentityFromExtractions([
      extraction('mortgage_lead', { borrower_first_name: 'Dana', borrower_last_name: 'Okafor', borrower_phone: '' }),
      extraction('custom', { phone: '+13125550100', email: 'Dana.Okafor@Example.COM' }),
    ]);
    expect(said).toEqual({ phone: '+13125550100', email: 'dana.okafor@example.com', name: 'Dana Okafor' });
    expect(customerIdentityFromExtractions([extraction('x', { first_name: 'Li' })]).name).toBe('Li');
    expect(customerIdentityFromExtractions([])).toEqual({ phone: null, email: null, name: null });
  });

  test('the lead time is the earliest known; an unreadable one changes nothing', () => {
    const known = new Date('2026-03-10T14:00:00Z');
    expect(mergedLeadCreatedAt(known, '2026-03-09T08:00:00Z')).toEqual(new Date('2026-03-09T08:00:00Z'));
    expect(mergedLeadCreatedAt(known, '2026-03-11T08:00:00Z')).toBe(known);
    expect(mergedLeadCreatedAt(known, 'next tuesday')).toBe(known);
    expect(mergedLeadCreatedAt(null, undefined)).toBeNull();
    expect(mergedLeadCreatedAt(null, '2026-03-09')).toEqual(new Date('2026-03-09T00:00:00Z'));
  });

  test('a CRM person: first name, the rest as last name, extra spaces ignored', () => {
    expect(crmPerson({ name: '  Maria  de la Cruz ', phone: null, email: null })).toMatchObject({
      firstName: 'Maria',
      lastName: 'de la Cruz',
    });
    expect(crmPerson({ name: 'Cher', phone: '+1', email: null })).toEqual({
      firstName: 'Cher',
      lastName: null,
      phone: '+1',
      email: null,
    });
    expect(crmPerson({ name: '', phone: null, email: 'a@b.example' })).toMatchObject({
      firstName: null,
      lastName: null,
    });
  });
});
