import {
  normalizeEmails,
  normalizeNumbers,
  normalizeSpokenForms,
  normalizeTimes,
  parseNumberWords,
} from '../../activities/language/core/spokenForm';

describe('spoken-form normalization', () => {
  test.each([
    ['three hundred sixty thousand dollars', '360000 dollars'],
    ['a loan of two hundred and fifteen thousand five hundred dollars', 'a loan of 215500 dollars'],
    ['about one point', 'about one point'],
    ['we have forty two seats', 'we have 42 seats'],
    ['it closes in nineteen days', 'it closes in 19 days'],
    ['a million dollars', '1000000 dollars'],
    ['zip code nine oh two one oh', 'zip code 90210'],
    ['call me at four one five, five five five, zero one two three', 'call me at 415-555-0123'],
    ['two two three four five five five one two one two', '22345551212'],
    ['the one we liked', 'the one we liked'],
    ['oh, and a month later', 'oh, and a month later'],
    // Two pairs read side by side (a year, a house number); a clock time where the words around say so.
    ['twenty twenty six', '2026'],
    ['two twenty one Aspen Court', '221 Aspen Court'],
    ['at four thirty in the afternoon', 'at 4:30 in the afternoon'],
    ['at three thirty Peachtree Circle', 'at 330 Peachtree Circle'],
    ['nine oh seven East Street', '907 East Street'],
  ])('numbers: %s', (spoken, written) => {
    expect(normalizeNumbers(spoken)).toBe(written);
  });

  test.each([
    ['one point two eight million', '1.28 million'],
    ['about half a million', 'about 0.5 million'],
    ['nine and a half thousand a month', '9.5 thousand a month'],
    ['forty second street', '42nd street'],
    ['It is b o n e i l l at example dot com.', 'It is boneill@example.com.'],
    ['call 503-555-0199 or dana dot brooks at outlook dot com', 'call 503-555-0199 or dana.brooks@outlook.com'],
    // Whisper's own writing of a spoken address: "at" glued on, the domain capitalized.
    ['It is John.SmithatExample.com.', 'It is john.smith@example.com.'],
    ['The format.com page and chatbot.com stay as they are.', 'The format.com page and chatbot.com stay as they are.'],
  ])('decimals, ordinals and spelled e-mails: %s', (spoken, written) => {
    expect(normalizeSpokenForms(spoken)).toBe(written);
  });

  test.each([
    // A recognizer's "we'll live there" opening a clause; "a real live band" is English.
    [
      'A ranch listed at 280, real live there, my wife and I.',
      "A ranch listed at 280, we'll live there, my wife and I.",
    ],
    ['We hired a real live band.', 'We hired a real live band.'],
    // Its "I'm an" before a job that opens with an acronym keeps the article heard.
    ['In an HVAC installer with Brightline Mechanical.', "I'm an HVAC installer with Brightline Mechanical."],
  ])('words a recognizer misheard: %s', (spoken, written) => {
    expect(normalizeSpokenForms(spoken)).toBe(written);
  });

  test('parses number words as one value, and refuses runs that are not one number', () => {
    expect(parseNumberWords(['nine', 'hundred', 'ninety', 'nine', 'thousand'])).toBe(999_000);
    expect(parseNumberWords(['a', 'hundred'])).toBe(100);
    expect(parseNumberWords(['five', 'five'])).toBeNull();
    expect(parseNumberWords(['twenty', 'thirty'])).toBeNull();
  });

  test.each([
    ['mail me at mary underscore lee at northwind dot com', 'mail me at mary_lee@northwind.com'],
    ['it is k dot patel at fabrikam dot io', 'it is k.patel@fabrikam.io'],
    ['send it to ana dash ruiz at mail dot example dot org please', 'send it to ana-ruiz@mail.example.org please'],
    ['already written: jo@example.com', 'already written: jo@example.com'],
  ])('e-mail addresses: %s', (spoken, written) => {
    expect(normalizeEmails(spoken)).toBe(written);
  });

  test('times keep their sentence end', () => {
    expect(normalizeTimes('See you at 3 p.m. Then we sign.')).toBe('See you at 3 pm. Then we sign.');
    expect(normalizeTimes('At 10AM or 4:30 P.M.')).toBe('At 10 am or 4:30 pm.');
  });

  test('all together, on wording unlike the sample calls', () => {
    expect(
      normalizeSpokenForms(
        'Sure, it is priya dot shah at contoso dot com, and the house costs six hundred ten thousand.',
      ),
    ).toBe('Sure, it is priya.shah@contoso.com, and the house costs 610000.');
  });
});

describe('written forms that speech-to-text gets half right', () => {
  test('an amount split by a pause is one amount; two amounts stay two', () => {
    expect(normalizeSpokenForms('It is worth about $500, $20,000.')).toBe('It is worth about $520,000.');
    expect(normalizeSpokenForms('Between $400 and $450,000.')).toBe('Between $400 and $450,000.');
  });

  test('a spoken "at" before a written domain makes an address', () => {
    expect(normalizeSpokenForms('Send the pricing to Robert at contoso.com.')).toBe(
      'Send the pricing to robert@contoso.com.',
    );
  });
});
