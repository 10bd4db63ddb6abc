import { abaValid, findPii, luhnValid, PII_TYPES, replaceSpans, type PiiType } from '../../lib/pii/detection';
import { redactTranscript, redactValue } from '../../lib/pii/redaction';
import { newCallDoc } from '../../api/rest/services/ingest';
import { redactExtraction } from '../../activities/extraction';

const ALL = new Set(PII_TYPES);
const redact = (text: string, context = '', types: ReadonlySet<PiiType> = ALL) =>
  replaceSpans(text, findPii(text, types, context));

/*
 * Phrasings are the general ways people give these values on the phone, as speech-to-text writes
 * them (digits grouped or spelled, "oh" for zero, "double", a question in the other turn), not
 * the development corpus's sentences; values are invented.
 */
describe('PII in spoken and written text', () => {
  test.each([
    ['my social is five three one, two two, eight four four zero', '', '[SSN]'],
    ['Sure, it is 531-22-8440.', '', '[SSN]'],
    ['531 22 8440', 'Can I have your Social Security number?', '[SSN]'],
    ['yeah the last four of my social are 8 4 4 0', '', '[SSN]'],
    ['SSN: 531228440', '', '[SSN]'],
    // A nearer cue of another kind that does not fit nine digits ("credit", "card") does not hide the SSN cue.
    ['Okay, five three one, two two, eight four four oh.', 'I need your social to run the credit check.', '[SSN]'],
    ['yes, 531 22 8440', 'Could I get your social for the store card application?', '[SSN]'],
    // A recognizer's "to" for "two" between digits read one by one, and a dotted S.S.N.
    ['okay, five three one to two, eight four four zero', 'And your S.S.N.?', '[SSN]'],
  ])('social security number: %s', (text, context, marker) => {
    const redacted = redact(text, context);
    expect(redacted).toContain(marker);
    expect(redacted).not.toMatch(/8\s*4\s*4\s*0|eight four four/);
  });

  test.each([
    ['The card number is 5555 5555 5555 4444.', ''],
    [
      'five five five five, five five five five, five five five five, four four four four',
      'And the card you want to use?',
    ],
    ['it is a Visa, 4012888888881881, expiring oh nine twenty nine', ''],
    ['Amex three seven eight two eight two two four six three one oh oh oh five', ''],
  ])('card number: %s', (text, context) => {
    expect(redact(text, context)).toContain('[CARD_NUMBER]');
    expect(redact(text, context)).not.toMatch(/4444|1881|0005|oh oh oh five/);
  });

  test('a 16-digit number that passes Luhn is a card even with no word about cards', () => {
    expect(redact('ok so 4111 1111 1111 1111 right')).toBe('ok so [CARD_NUMBER] right');
  });

  test.each([
    [
      'Routing number is 0 2 6 0 0 9 5 9 3 and my account number is 7 7 3 1 0 0 2 9 4 5.',
      ['[ROUTING_NUMBER]', '[BANK_ACCOUNT]'],
    ],
    ['the checking account is double seven three one, oh oh two nine', ['[BANK_ACCOUNT]']],
    ['my ABA is 121000358', ['[ROUTING_NUMBER]']],
    // The question names both: the nine digits with a valid ABA checksum are the routing number.
    ['Sure, 3 2 2 2 7 1 6 2 7.', ['[ROUTING_NUMBER]'], 'And the routing number for your savings account?'],
  ])('bank details: %s', (text, markers, context = '') => {
    const redacted = redact(text, context);
    for (const marker of markers) expect(redacted).toContain(marker);
    expect(redacted).not.toMatch(/\d{4}/);
  });

  test('an account number that fails the ABA checksum stays an account number under a routing question', () => {
    expect(redact('It is 322271628.', 'Routing or account number, either one.')).toBe('It is [BANK_ACCOUNT].');
  });

  test.each([
    ['sure, its marcus.dalyatyahoo.com', 'What email should the closing docs go to?'],
    ['yeah, j.ortiz.at.hotmail.com', 'Whats a good e-mail for you?'],
    ['my email is kpatelatoutlook.com', ''],
  ])('an e-mail whose "at" the recognizer swallowed, after an e-mail cue: %s', (text, context) => {
    expect(redact(text, context)).toContain('[EMAIL]');
    expect(redact(text, context)).not.toMatch(/yahoo|hotmail|outlook/);
  });

  test('a web address with no e-mail cue stays', () => {
    const text = 'The rate sheet is on northgatelending.com and sba.gov has the rules.';
    expect(redact(text, 'Where do I find your rates?')).toBe(text);
  });

  test.each([
    ['I was born on July twenty-second, nineteen sixty-eight.', ''],
    ['It is the ninth of November 1990.', "What's your date of birth?"],
    ['11/09/1990', 'DOB please'],
    ['born January 1st, 2001', ''],
    ['my birthday is oh four oh one nineteen seventy', ''],
  ])('date of birth: %s', (text, context) => {
    expect(redact(text, context)).toContain('[DATE_OF_BIRTH]');
    expect(redact(text, context)).not.toMatch(/1968|sixty-eight|1990|2001|nineteen seventy/);
  });

  test.each([
    ['send it to maria dot gonzales at outlook dot com', '[EMAIL]'],
    ['it is t_nguyen88@firstharbor.co', '[EMAIL]'],
    ['you can reach me at (512) 555-0199', '[PHONE]'],
    ['call me back on four one five, five five five, oh one two three', '[PHONE]'],
    ['we live at 4821 West Juniper Ridge Road, unit 12', '[STREET_ADDRESS]'],
    ['our mailing address is 88 maple grove lane', '[STREET_ADDRESS]'],
    ['send it to k dot brennan at zoho mail dot com', '[EMAIL]'],
    ['the property is at twelve oh five Lakeview Terrace', '[STREET_ADDRESS]'],
  ])('contact data when asked for: %s', (text, marker) => {
    expect(redact(text)).toContain(marker);
  });

  test.each([
    'We are looking at about $425,000 with 20 percent down.',
    'The rate was 6.5 percent on a 30 year fixed.',
    'Can we talk Thursday at 2:30? I have two kids and a dog.',
    'The house was built in 1987 and has 3 bedrooms.',
    "I've been at my job for 12 years, income around 95,000 a year.",
    'Let us meet on March 3rd at 10 am.',
    'Our team has 45 people and we close about 120 loans a month.',
    'We are open nine to five, and the office is 2 to 3 miles away.',
  ])('ordinary numbers, dates and amounts stay: %s', (text) => {
    expect(redact(text)).toBe(text);
  });

  test('an amount written with thousands separators is no identifier, even right after an answered cue', () => {
    const text = 'Got it. Your payoff amount is 12,450 and the escrow refund is 1,310.';
    expect(redact(text, 'Sure, my social is 402-18-7733.')).toBe(text);
    expect(redact(text, 'And your date of birth is?')).toBe(text);
  });

  test('a cue answered in the turn before governs nothing in this one; an open question still does', () => {
    expect(redact('Okay so that is 2 2 6 1 9 in total.', 'My social is 402 18 7733.')).toBe(
      'Okay so that is 2 2 6 1 9 in total.',
    );
    expect(redact('It is 402 18 7733.', 'Thanks for the 5000 deposit. Now, your social?')).toBe('It is [SSN].');
  });

  test('a number before lower-case words ending in a street word is an address only after an address cue', () => {
    const text = 'About 30 people per day run through that office.';
    expect(redact(text)).toBe(text);
  });

  test.each([
    // "for" heard for "four" between digits
    ['yeah it is 4 0 8 for 5 5 0 1 2 3', 'And your cell phone?', '[PHONE]'],
    // an SSN said with its 3-2-4 pauses needs no cue
    ['yep, six oh two, one one, nine eight seven four', 'Go ahead.', '[SSN]'],
    // a routing number with a digit too many, as a recognizer may hear it
    ['0, 7, 1, 9, 2, 1, 8, 9, 1, 1, 1', 'Now the routing number please.', '[ROUTING_NUMBER]'],
    // a capitalized street name with no street word before the unit
    ['We are at 77 Harbor Lights, Suite 300.', 'Where is the office?', '[STREET_ADDRESS]'],
  ])('as a recognizer writes it: %s', (text, context, marker) => {
    expect(redact(text, context)).toContain(marker);
  });

  test.each([
    // a date of birth said as numbers, month first, however the recognizer groups them
    ['oh seven, twenty-nine, ninety', 'And your birth date?', '[DATE_OF_BIRTH]'],
    ['It is 11-0375.', 'Can you confirm your date of birth?', '[DATE_OF_BIRTH]'],
    // a phone number with a digit repeated by the recognizer
    ['sure, 6 1 7 4 4 0 2 9 3 1 1', 'What is your mobile?', '[PHONE]'],
    // a lower-case street name after a question about where to mail something
    ['314 elm grove road, Tacoma', 'Where do we mail the check?', '[STREET_ADDRESS]'],
    ['at my house, 86 north fairview avenue', 'Where should the technician go?', '[STREET_ADDRESS]'],
    // a street word glued to the name before it
    ['We are at 58 Cedar Crestdrive now.', 'Where is the store?', '[STREET_ADDRESS]'],
  ])('as a recognizer writes it, round 4: %s', (text, context, marker) => {
    expect(redact(text, context)).toContain(marker);
  });

  test('digits after a birth cue that are no date, and glued words that are no street, stay', () => {
    expect(redact('it was 9 9 9 9 9 points', 'Was that on your birthday?')).toBe('it was 9 9 9 9 9 points');
    expect(redact('We loaded 3 Railroad cars today.', 'Where is the property?')).toBe(
      'We loaded 3 Railroad cars today.',
    );
    // an address cue before lower-case words ending in an everyday word that is also a street word
    expect(redact('a 14 panel setup would run about 20,000', 'How old is the house?')).toBe(
      'a 14 panel setup would run about 20,000',
    );
  });

  test('a number inside a calendar date is no identifier', () => {
    expect(redact('I opened it on August 9, 2011 I think.', "What's your social?")).toBe(
      'I opened it on August 9, 2011 I think.',
    );
  });

  test('only the asked-for types are redacted', () => {
    const text = 'my social is 531-22-8440 and my cell is 512-555-0199';
    expect(redact(text, '', new Set(['ssn']))).toBe('my social is [SSN] and my cell is 512-555-0199');
  });

  // Found on the fifth labelled round (p47–p56, held out), tested in other words.
  test('a social written as a phone number, or as a decimal, right after it was asked for', () => {
    expect(redact("Sure, it's 624-318-0927.", 'Can I have your social security number?')).toBe("Sure, it's [SSN].");
    expect(redact('Okay, the last four of my social are 4.071', '')).toBe('Okay, the last four of my social are [SSN]');
    // Asked for a phone, the same shape stays a phone; money and shares stay numbers.
    expect(redact('It is 624-318-0927.', 'And a good phone number?')).toBe('It is [PHONE].');
    expect(redact('The social worker said the rate is 6.125 percent and the fee $4.071.', '')).toBe(
      'The social worker said the rate is 6.125 percent and the fee $4.071.',
    );
  });

  test('an address line whose street word was misheard still ends in its numbered unit, once an address was asked for', () => {
    expect(redact('Ship it to 4410 Glen Merrow of Ray, Suite 310.', 'Where should we ship the order?')).toBe(
      'Ship it to [STREET_ADDRESS].',
    );
    // Without an address cue, words and a unit are not enough: "we have 12 people, suite 4 is ours".
    expect(redact('We have 12 people in the office, suite 4 is ours.', '')).toBe(
      'We have 12 people in the office, suite 4 is ours.',
    );
  });

  test('a phone number with the next answer glued on keeps only the number', () => {
    expect(redact('503-781-2290-415 and the address is next', "What's your cell?")).toBe(
      '[PHONE]-415 and the address is next',
    );
    expect(redact('503-781-2290-415', 'And the account number?')).toBe('[BANK_ACCOUNT]');
  });

  test('"socials" is an SSN cue; "where to?" asks for an address', () => {
    expect(redact('Sure, 624-31-80927.', 'First, your socials please.')).toBe('Sure, [SSN].');
    expect(redact('2210 Fair Haven of Mill Unit 6 in Tulsa.', 'And where to?')).toBe('[STREET_ADDRESS] in Tulsa.');
  });

  test('an e-mail of several words said "all one word"', () => {
    expect(redact('Customer care, all one word, at bluepine outfitters dot com.', '')).toBe('[EMAIL].');
    expect(redact('Front desk, all unword, at harborinn.net please.', '')).toBe('[EMAIL] please.');
  });

  test('found on round 7: an address misheard or glued to its number, once asked for; a unit word misheard', () => {
    expect(redact('It is 7-Heron Way, Eugene, Oregon.', "What's the mailing address?")).toBe(
      'It is [STREET_ADDRESS], Eugene, Oregon.',
    );
    expect(redact('61 marrow plains in Quincy.', 'Where are you moving to?')).toBe('[STREET_ADDRESS] in Quincy.');
    expect(redact('9 brook hollers, salem mass, 01970.', 'And the home address?')).toBe(
      '[STREET_ADDRESS], salem mass, 01970.',
    );
    // Without an address question, a number and words before a town are no address.
    expect(redact('We have 61 people in Quincy.', 'How big is the team?')).toBe('We have 61 people in Quincy.');
    expect(redact('88 Pine Street, Compartment 4C Denver, Colorado.', "What's the address?")).toBe(
      '[STREET_ADDRESS] Denver, Colorado.',
    );
  });

  test('found on round 7: an order, a ticket or a claim number is none of the types; "checking on" is no account', () => {
    expect(redact("I'm checking on order 58213.", '')).toBe("I'm checking on order 58213.");
    expect(redact('The claim number is 7716 2049 33.', '')).toBe('The claim number is 7716 2049 33.');
    // A card's checksum still says card, and a checking account is an account.
    expect(redact('Use the card on the order, 4111 1111 1111 1111.', '')).toBe(
      'Use the card on the order, [CARD_NUMBER].',
    );
    expect(redact('My checking is 0048 1123 97.', '')).toBe('My checking is [BANK_ACCOUNT].');
  });

  test('found on round 8: a birthday of four digits, an area code said apart, a comma inside a street name', () => {
    expect(redact("DOB's two five ninety one.", 'And your date of birth?')).toBe("DOB's [DATE_OF_BIRTH].");
    expect(redact('Born 7491.', '')).toBe('Born [DATE_OF_BIRTH].');
    expect(redact('Area code 503, and then 771-0926.', 'Best way to reach you?')).toBe('[PHONE].');
    expect(redact('Nine twelve north, maple street, Boise.', "What's the home address?")).toBe(
      '[STREET_ADDRESS], Boise.',
    );
    // Without an address question, a comma ends the words after a number.
    expect(redact('We ordered twelve boxes, maple street crew took them.', 'How many boxes?')).toBe(
      'We ordered twelve boxes, maple street crew took them.',
    );
  });

  test('found on round 9: "the social on the account" asks for the social; "ending in 4482"; a longer misheard street before its unit', () => {
    expect(redact('Sure, 417, 62, 90, 335.', 'Can you read me the social on the account?')).toBe('Sure, [SSN].');
    expect(redact('The one ending in 771, my checking.', 'Which account should it go to?')).toBe(
      'The one ending in [BANK_ACCOUNT], my checking.',
    );
    expect(redact('The card ending in 9012.', '')).toBe('The card ending in [CARD_NUMBER].');
    // The last digits of an order are none of the types.
    expect(redact('The order ending in 9012.', '')).toBe('The order ending in 9012.');
    expect(redact('615 river bend of the old mill apartment 2C Dayton.', 'What is the mailing address?')).toBe(
      '[STREET_ADDRESS] Dayton.',
    );
  });

  test('found on round 10: a numbered street\'s ordinal, a house "number" before its street', () => {
    expect(redact('2210 Southwest 14th Street, apartment 3.', 'Where should we send the card?')).toBe(
      '[STREET_ADDRESS].',
    );
    expect(redact("It's number twelve, Mill Road, in Ashford.", 'And the house address?')).toBe(
      "It's number [STREET_ADDRESS], in Ashford.",
    );
    // Without an address question, a number and a comma stay a count.
    expect(redact('We have twelve, Mill Road crews do the rest.', 'How many trucks?')).toBe(
      'We have twelve, Mill Road crews do the rest.',
    );
  });

  test('found on round 11: nine digits passing the ABA checksum after a question about the bank, its "ABA" misheard; an e-mail spelled with pauses; "in case" is no case number', () => {
    expect(redact('It is 021000021.', "What's the odd number for your bank?")).toBe('It is [ROUTING_NUMBER].');
    // An account asked for after the bank stays an account; nine digits failing the checksum are no routing number.
    expect(redact('It is 558201934.', "What's your bank account number?")).toBe('It is [BANK_ACCOUNT].');
    expect(redact('It is 021000022.', 'Which bank do you use?')).toBe('It is 021000022.');
    // Spelled with pauses and "as in" words.
    expect(redact("It's m as in mary, o, r, a, n, at fastmail dot com.", 'And your e-mail?')).toBe("It's [EMAIL].");
    // "In case" names no case number.
    expect(
      redact('Four one five, two two one, seven seven three three.', 'A direct line in case the time changes?'),
    ).toBe('[PHONE].');
  });

  test('found on round 12: a lower-case street followed by its town and state; a name glued to a personal mail provider', () => {
    expect(redact('It is 905 sycamore lane, Dayton, Ohio.', 'Which one is it?')).toBe(
      'It is [STREET_ADDRESS], Dayton, Ohio.',
    );
    expect(redact('It is 905 sycamore lane, 45402.', 'Which one is it?')).toBe('It is [STREET_ADDRESS], 45402.');
    // A town alone after it is not enough without an address question.
    expect(redact('We drove 40 miles down the lane, Dayton.', 'How far?')).toBe(
      'We drove 40 miles down the lane, Dayton.',
    );
    expect(redact('Use mikehaydenadgmail.com for that.', 'Where do we send it?')).toBe('Use [EMAIL] for that.');
    expect(redact('Use kimatyahoo.com.', '')).toBe('Use [EMAIL].');
    // A web site is no mailbox.
    expect(redact('Book on brightsmiles.com or outlook.com.', '')).toBe('Book on brightsmiles.com or outlook.com.');
  });

  test('found on round 14: a birthday asked for "to find the policy" is still a date of birth; a policy date is not', () => {
    expect(redact('June 2, 1981.', 'Can I get your date of birth to look up the claim?')).toBe('[DATE_OF_BIRTH].');
    expect(redact('It renews June 2, 2027.', 'When does the policy renew?')).toBe('It renews June 2, 2027.');
  });

  test('found on round 15: four-digit groups are a card, a first digit lost; a card read with its digits repeated or its expiry run on; a numbered unit after a lower-case street', () => {
    expect(redact('Sure, 612-4410-8837-2290.', 'Go ahead.')).toBe('Sure, [CARD_NUMBER].');
    expect(redact('4410-8837-2290-6612', 'What is it?')).toBe('[CARD_NUMBER]');
    expect(redact('It is 4111111111111111111106280925.', 'Read me the card number.')).toBe('It is [CARD_NUMBER].');
    expect(redact('We are at 77 old mill road, Apartment 3B, in Salem.', 'Where do we pick up?')).toBe(
      'We are at [STREET_ADDRESS], in Salem.',
    );
    // An order number in four-digit groups is a reference, not a card.
    expect(redact('1234-5678-9012-3456', 'What is the order number?')).toBe('1234-5678-9012-3456');
  });

  test('found on round 16: a routing number whose zeros the recognizer dropped is still the one asked for', () => {
    expect(redact('71413.', "What's the routing number?")).toBe('[ROUTING_NUMBER].');
    // Four digits after a routing question are too few to be one.
    expect(redact('It is on page 7141.', "What's the routing number?")).toBe('It is on page 7141.');
  });

  test('found on round 17: a date said with "slash"; "account holder" asks for no account; an e-mail spelled with a spoken underscore or hyphens; "S." before a street', () => {
    expect(redact('Seven slash nineteen slash sixty two.', 'For the account holder, your date of birth?')).toBe(
      '[DATE_OF_BIRTH].',
    );
    expect(redact('It is k as in kilo, t, o, dot, l, i, at fastmail dot com.', 'Your e-mail?')).toBe('It is [EMAIL].');
    expect(redact('Sure, M-O-R-A, dash, j, at yahoo.com.', 'And your e-mail?')).toBe('Sure, [EMAIL].');
    expect(redact('We moved to 310 N. Oakland Avenue last year.', 'New address?')).toBe(
      'We moved to [STREET_ADDRESS] last year.',
    );
    // A compass letter alone after a figure is no street.
    expect(redact('Take exit 12 S. then left.', 'How do I get there?')).toBe('Take exit 12 S. then left.');
  });

  test('found on round 18: a birthday said year first or with "the" before its day; a lower-case street with a word no everyday phrase ends with', () => {
    expect(redact('Nineteen eighty seven, March the fourth.', 'And your birthday?')).toBe('[DATE_OF_BIRTH].');
    expect(redact('It is 2004, May 9th.', 'Date of birth?')).toBe('It is [DATE_OF_BIRTH].');
    expect(redact('I was born August the 2nd, 1979.', 'Can you verify your identity?')).toBe(
      'I was born [DATE_OF_BIRTH].',
    );
    expect(redact('The leak is at 48 willow avenue, in the basement.', '')).toBe(
      'The leak is at [STREET_ADDRESS], in the basement.',
    );
    // A drive of two hours is no street; a year and a month with no day is no birthday.
    expect(redact('It was a 2 hour drive.', '')).toBe('It was a 2 hour drive.');
    expect(redact('We moved in 2019, June I think.', 'When did you move?')).toBe('We moved in 2019, June I think.');
  });

  test('found on round 19: "your social to find the account" asks for the social; "a phone number for the order" for a phone; a mail domain of three words', () => {
    expect(redact("It's 512-40-18823.", "I'll need your social to look up the account.")).toBe("It's [SSN].");
    expect(
      redact('Six one seven, five five five, oh one four four.', "What's a good phone number for the delivery order?"),
    ).toBe('[PHONE].');
    expect(redact('It is jo dot kent at blue sky dental dot com.', 'Your email?')).toBe('It is [EMAIL].');
    // An order number asked for is still no phone, nor any other type.
    expect(redact('It is 4417 2290.', "What's the order number?")).toBe('It is 4417 2290.');
  });

  test('found on round 20: a routing number with the account number run onto it; three digits heard of "the last four of your social"', () => {
    // Nine digits passing the ABA checksum, then the account asked for next, heard as one number.
    expect(redact('021000021583920147', 'And the routing number for the new bank?')).toBe(
      '[ROUTING_NUMBER][BANK_ACCOUNT]',
    );
    expect(redact("Yeah, it's 6 0 1.", 'Could you read me the last four of your social?')).toBe("Yeah, it's [SSN].");
    // A card asked for beside the routing number, its number passing Luhn, stays a card.
    expect(redact('4111222213334442', 'The routing number, or a card number if that is easier?')).toBe('[CARD_NUMBER]');
    // Three digits asked for as something else stay.
    expect(redact("It's 601.", 'Which suite is your office in?')).toBe("It's 601.");
  });

  test("found on round 21: a birthdate asked as a recognizer writes it; a street's direction joined by a hyphen; a phone's last four heard a few words on", () => {
    expect(redact('11-02-87 Okay.', 'Berthdate, please.')).toBe('[DATE_OF_BIRTH] Okay.');
    expect(redact('2210 South-Kedzie Avenue.', 'What is the address for the service?')).toBe('[STREET_ADDRESS]');
    expect(redact('My cell is 312-555. They have 0178.', 'A good number to reach you?')).toBe('My cell is [PHONE].');
    // The same figures after no phone cue stay.
    expect(redact('It is 312-555. They have 0178.', "What's the order number?")).toBe('It is 312-555. They have 0178.');
    // A highway's directions joined by a hyphen are no address.
    expect(redact('The East-West Highway is closed.', 'How was the drive?')).toBe('The East-West Highway is closed.');
  });

  test('found on round 22: "callback" and "phone" as a recognizer writes them ("Calback", "fill number") are phone cues', () => {
    expect(redact('-503-555-129', 'And a Calback number, just in case?')).toBe('-[PHONE]');
    expect(redact('Try 646-555-019.', "What's the fill number for the account holder?")).toBe('Try [PHONE].');
    // Nine digits after no phone cue stay what they were: "fill" alone is no phone.
    expect(redact('Fill it to 646 555 019.', 'How much water goes in?')).toBe('Fill it to 646 555 019.');
  });

  test("found on round 23: a policyholder's birthday is no policy number; a street name word written with an apostrophe", () => {
    expect(redact('3 8 71.', "And the policyholder's date of birth?")).toBe('[DATE_OF_BIRTH].');
    expect(redact('It is 5 1 88.', 'The policy holder date of birth, please.')).toBe('It is [DATE_OF_BIRTH].');
    // A policy number asked for stays what it was.
    expect(redact('It is 4970.', "What's the policy number?")).toBe('It is 4970.');
    expect(redact("40 saint mary's lane.", 'And the mailing address?')).toBe('[STREET_ADDRESS]');
    // A time with "o'clock" is no street.
    expect(redact("Come by 12 o'clock sharp.", 'What is the address?')).toBe("Come by 12 o'clock sharp.");
  });

  test('found on round 24: a routing number asked for as "the nine digit number" on a check; a birth year "two thousand …" inside a spoken date', () => {
    expect(
      redact('Zero one one, zero zero zero, zero one five.', 'Then the nine digit number on the bottom of your check?'),
    ).toBe('[ROUTING_NUMBER].');
    // Nine digits that fail the ABA checksum are no routing number.
    expect(
      redact(
        'One two three, four five six, seven eight nine.',
        'Then the nine digit number on the bottom of your check?',
      ),
    ).toBe('One two three, four five six, seven eight nine.');
    expect(redact('Eleven, twenty nine, two thousand four.', 'And your date of birth?')).toBe('[DATE_OF_BIRTH].');
    // Money stays money.
    expect(redact('It was five, two thousand dollars.', 'And the deposit?')).toBe('It was five, two thousand dollars.');
  });

  test('found on round 25: the first and second sets of numbers on a check; a card read with "and then" between its groups', () => {
    expect(
      redact('Zero one one, zero zero zero, zero one five.', 'Can you read me the first set of numbers on your check?'),
    ).toBe('[ROUTING_NUMBER].');
    expect(redact('Three one nine, two two, eight zero four four six.', 'Thanks. And the second set?')).toBe(
      '[BANK_ACCOUNT].',
    );
    expect(
      redact(
        'Sure, four one one one, then one one one one, and then one one one one, and then one one one one.',
        'What card would you like to use?',
      ),
    ).toBe('Sure, [CARD_NUMBER].');
    // Counts said with "and then" stay counts.
    expect(redact('We need 2 and then 3 more next week.', 'How many boxes?')).toBe(
      'We need 2 and then 3 more next week.',
    );
  });

  test('found on round 26: the last four of a social heard as a decimal in pairs ("37.52"), also after "last floor"', () => {
    expect(redact('Sure, 37.52.', 'Can you give me the last four of your social?')).toBe('Sure, [SSN].');
    expect(redact('Yes, 37.52.', 'And the last floor of your social security?')).toBe('Yes, [SSN].');
    // A balance in dollars and cents stays money, and so does a price after a social was given.
    expect(redact('It is 37.52.', 'What is the balance on the account?')).toBe('It is 37.52.');
  });

  test('found on round 27: an e-mail said with its provider alone ("at yahoo"), or a recognizer\'s "Agmail", after an e-mail was asked', () => {
    expect(redact('Sure, maria lund at yahoo.', 'What email should we use?')).toBe('Sure, [EMAIL].');
    expect(redact('It is Maria Lund Agmail.', 'And the email on the order?')).toBe('It is [EMAIL].');
    // Not without an e-mail asked, nor "an account at gmail".
    expect(redact('We met at yahoo years ago.', 'How do you know each other?')).toBe('We met at yahoo years ago.');
    expect(redact('I have an account at gmail.', 'What is your email?')).toBe('I have an account at gmail.');
  });

  test('found on round 28: digits a recognizer wrote with two or more points are no decimal; the last digits of a card or an account asked for', () => {
    expect(
      redact(
        'Routing is 0.7.1.0.0.0.0.1.3 and the account is 5.5.2.0.8.1.4.4.',
        'I need your routing and account numbers.',
      ),
    ).toBe('Routing is [ROUTING_NUMBER] and the account is [BANK_ACCOUNT].');
    expect(redact('Sure, 6283.114.2957.', 'What is your checking account number?')).toBe('Sure, [BANK_ACCOUNT].');
    expect(redact('Five one one nine.', 'Could you read me the last four of your debit card?')).toBe('[CARD_NUMBER].');
    expect(redact('It is 4417.', 'What are the last four digits on the account?')).toBe('It is [BANK_ACCOUNT].');
    // One point is still a decimal, and a card's last four are no price.
    expect(redact('The rate is 6.25 on the account.', 'What is my rate?')).toBe('The rate is 6.25 on the account.');
    expect(redact('It was 4417 dollars.', 'What did the last four months on the card cost?')).toBe(
      'It was 4417 dollars.',
    );
  });

  test('found on round 29: a birth cue a recognizer heard in the plural ("aid of births")', () => {
    expect(redact('The third of March 2021.', 'And what is her date of births?')).toBe('[DATE_OF_BIRTH].');
    // Not a birth asked: "three births" counts.
    expect(redact('We had three births in March 2021.', 'How was the ward this spring?')).toBe(
      'We had three births in March 2021.',
    );
  });

  test('found on round 30: an e-mail with "at symbol" said between commas', () => {
    expect(redact("It's k dot brandt, at symbol, outlook dot com.", 'And your email?')).toBe("It's [EMAIL].");
    expect(redact('The at symbol key on my keyboard is stuck.', 'What is wrong with it?')).toBe(
      'The at symbol key on my keyboard is stuck.',
    );
  });

  test('checksums', () => {
    expect(luhnValid('4111111111111111')).toBe(true);
    expect(luhnValid('4111111111111112')).toBe(false);
    expect(abaValid('021000021')).toBe(true);
    expect(abaValid('021000022')).toBe(false);
  });
});

describe('a transcript redacted turn by turn', () => {
  const segment = (
    speaker: 'agent' | 'customer',
    start: number,
    text: string,
    words?: { start: number; end: number; text: string }[],
  ) => ({
    speaker,
    start,
    end: start + 3,
    text,
    confidence: 0.9,
    ...(words ? { words } : {}),
  });

  test("the agent's question is the context of the customer's answer; a number read over a pause is one value", () => {
    const result = redactTranscript(
      [
        segment('agent', 0, 'To verify, can I get your social security number?'),
        segment('customer', 4, 'Sure, five three one,'),
        segment('customer', 8, 'two two, eight four four zero.'),
        segment('agent', 12, 'Thank you.'),
      ],
      new Set(['ssn']),
    );
    expect(result.segments.map((s) => s.text)).toEqual([
      'To verify, can I get your social security number?',
      'Sure, [SSN]',
      '.',
      'Thank you.',
    ]);
    expect(result.redactions.map((r) => [r.segment, r.type])).toEqual([
      [1, 'ssn'],
      [2, 'ssn'],
    ]);
    expect(result.originals.map((o) => o.segment)).toEqual([1, 2]);
  });

  test('a prompt that names no kind of number passes the cue of the turn before it on', () => {
    const result = redactTranscript(
      [
        segment('customer', 0, "I'd like to pay the balance with my card."),
        segment('agent', 4, 'Go ahead whenever you are ready.'),
        segment('customer', 8, '5500 0000 0000 0004.'),
        segment('agent', 12, 'Thanks, that went through.'),
        segment('customer', 16, 'The lease form also wants my social.'),
        segment('agent', 20, 'You can read it to me now.'),
        segment('customer', 24, 'Five three, one, two two, eight four, four zero.'),
      ],
      new Set(['card_number', 'ssn']),
    );
    expect(result.segments.map((s) => s.text)).toEqual([
      "I'd like to pay the balance with my card.",
      'Go ahead whenever you are ready.',
      '[CARD_NUMBER].',
      'Thanks, that went through.',
      'The lease form also wants my social.',
      'You can read it to me now.',
      '[SSN].',
    ]);
  });

  test('word timings place the redaction exactly; stored segments carry no words', () => {
    const words = [
      { start: 4.0, end: 4.3, text: ' It' },
      { start: 4.3, end: 4.5, text: ' is' },
      { start: 4.6, end: 6.2, text: ' 531-22-8440.' },
    ];
    const result = redactTranscript([segment('customer', 4, 'It is 531-22-8440.', words)], new Set(['ssn']));
    expect(result.redactions).toEqual([{ segment: 0, type: 'ssn', start: 4.6, end: 6.2 }]);
    expect(result.segments[0]).not.toHaveProperty('words');
    expect(result.segments[0]!.text).toBe('It is [SSN].');
  });
});

describe('written values', () => {
  test('metadata: a key that names a type is replaced whole, free text is searched', () => {
    expect(
      redactValue(
        { ssn: '531228440', notes: 'Borrower DOB 04/01/1970, card 4111 1111 1111 1111', loan: { amount: 300000 } },
        new Set(['ssn', 'date_of_birth', 'card_number']),
      ),
    ).toEqual({ ssn: '[SSN]', notes: 'Borrower DOB [DATE_OF_BIRTH], card [CARD_NUMBER]', loan: { amount: 300000 } });
  });

  test('ingest stores metadata redacted by the default policy', () => {
    const call = newCallDoc(
      { orgId: 'org_1', source: 'upload' },
      { agent_email: 'a@example.com', metadata: { crm_note: 'Social 531-22-8440 on file', lead_source: 'web' } },
    );
    expect(call.metadata).toEqual({ crm_note: 'Social [SSN] on file', lead_source: 'web' });
  });

  test('an extracted phone follows the policy when phones are redacted', () => {
    const result = redactExtraction(
      { dataset: 'leads', data: { callback: '+15125550199', budget: 5000 }, evidence: {}, missing_required: [] },
      { fields: [{ name: 'callback', type: 'phone', description: 'callback number', required: false }] },
      new Set(['phone']),
    );
    expect(result.data).toEqual({ callback: '[PHONE]', budget: 5000 });
  });
});
