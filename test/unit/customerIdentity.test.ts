import {
  callCustomerIdentity,
  contactIdFor,
  contactWithCall,
  crmPerson,
  crmPersonForCall,
  customerIdentityFromExtractions,
  mergedLeadCreatedAt,
  newContactIdFor,
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

  const nobodySaid = { name: null, phone: null, email: null };

  test("a call's customer: the record's phone, name and metadata e-mail first, what was said fills gaps", () => {
    const said = { name: 'Dana Okafor', phone: '+13125550100', email: 'dana@example.com' };
    expect(
      callCustomerIdentity(
        { contact_name: 'D. Okafor', contact_phone: '+14155550123', metadata: { contact_email: 'DANA@Work.example' } },
        said,
      ),
    ).toEqual({ name: 'D. Okafor', phone: '+14155550123', email: 'dana@work.example' });
    expect(callCustomerIdentity({ contact_name: null, contact_phone: null, metadata: {} }, said)).toEqual(said);
    // A non-string metadata e-mail is not an e-mail.
    expect(
      callCustomerIdentity({ contact_name: null, contact_phone: null, metadata: { contact_email: 42 } }, nobodySaid)
        .email,
    ).toBeNull();
  });

  test("a new contact's id comes from its phone, else its e-mail, else there is no contact", () => {
    const byPhone = newContactIdFor('org_a', { name: null, phone: '+14155550123', email: 'x@example.com' });
    expect(byPhone).toBe(contactIdFor('org_a', 'phone:+14155550123'));
    expect(newContactIdFor('org_a', { name: 'Li', phone: null, email: 'li@example.com' })).toBe(
      contactIdFor('org_a', 'email:li@example.com'),
    );
    expect(newContactIdFor('org_a', { name: 'Li', phone: null, email: null })).toBeNull();
  });

  test('a contact gains what a call adds, once, keeps its own name, and its earliest lead time', () => {
    const contact = {
      name: 'Dana Okafor',
      names: ['Dana Okafor'],
      phones: ['+14155550123'],
      emails: [],
      lead_created_at: new Date('2026-03-10T00:00:00Z'),
    };
    expect(
      contactWithCall(contact, { name: 'Dana', phone: '+14155550123', email: 'dana@example.com' }, '2026-03-01'),
    ).toEqual({
      name: 'Dana Okafor',
      names: ['Dana Okafor', 'Dana'],
      phones: ['+14155550123'],
      emails: ['dana@example.com'],
      lead_created_at: new Date('2026-03-01T00:00:00Z'),
    });
    const empty = { name: null, names: [], phones: [], emails: [], lead_created_at: null };
    expect(contactWithCall(empty, { name: 'Li', phone: null, email: null }, undefined)).toEqual({
      ...empty,
      name: 'Li',
      names: ['Li'],
    });
  });

  test("the CRM's person: the linked contact first, then the call record, then what was said", () => {
    const call = { contact_name: 'Caller Name', contact_phone: '+14155550123' };
    const said = { name: 'Said Name', phone: '+13125550100', email: 'said@example.com' };
    expect(
      crmPersonForCall({ name: 'Maria de la Cruz', phones: ['+16175550199'], emails: ['m@example.com'] }, call, said),
    ).toEqual({
      name: 'Maria de la Cruz',
      firstName: 'Maria',
      lastName: 'de la Cruz',
      phone: '+16175550199',
      email: 'm@example.com',
    });
    // No contact: the spoken name wins over the dialer's caller name (it is the customer's own).
    expect(crmPersonForCall(null, call, said)).toMatchObject({
      name: 'Said Name',
      phone: '+14155550123',
      email: 'said@example.com',
    });
    expect(crmPersonForCall(null, { contact_name: null, contact_phone: null }, nobodySaid)).toEqual({
      name: '',
      firstName: null,
      lastName: null,
      phone: null,
      email: null,
    });
  });
});
