import { describe, expect, it } from 'vitest';
import { authenticationSchema, updateUserInfoSchema } from '../../protocol/accounts';
import { serviceSendSchema } from '../../protocol/help';
import { typedLength, typedText } from '../../protocol/typedText';
import { addressRequestSchema } from '../../protocol/wallet';

const issue = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('free text a person writes', () => {
  it('drops control characters, which show as a blank box or nothing', () => {
    const text = typedText({ lines: true });
    expect(text.parse('Where\u0000 is my\u0007 deposit?\u001b[31m')).toBe('Where is my deposit?[31m');
    expect(text.parse('\u007fDEL and C1\u0085\u009f')).toBe('DEL and C1');
  });

  it('drops the invisible characters that disguise a text: bidi overrides, zero-width space, BOM', () => {
    // Shown right to left from the override on, this would read "Bob gnp.exe" as "Bob exe.png".
    expect(typedText().parse('Bob \u202egnp.exe')).toBe('Bob gnp.exe');
    expect(typedText().parse('\u2066ali\u200bce\u2069\ufeff')).toBe('alice');
    expect(issue(updateUserInfoSchema.safeParse({ nickname: '\u200b\u202e\ufeff' }))).toBe(
      'app.msg.field_required',
    );
  });

  it('drops every other character that shows nothing, so a name cannot hide inside another or be blank', () => {
    // Word joiner, soft hyphen, combining grapheme joiner, Mongolian vowel separator, Hangul
    // filler, left-to-right mark, a tag character: each read as "alice" beside a real "alice".
    for (const hidden of ['\u2060', '\u00ad', '\u034f', '\u180e', '\u3164', '\u200e', '\u{e0041}'])
      expect(typedText().parse(`ali${hidden}ce`)).toBe('alice');
    for (const blank of ['\u2060', '\u00ad\u00ad', '\u3164', '\u{e0020}\u{e0041}'])
      expect(issue(updateUserInfoSchema.safeParse({ nickname: blank }))).toBe('app.msg.field_required');
  });

  it('keeps what draws an emoji: joiners, variation selectors, the tags of a subdivision flag', () => {
    const england = '\u{1f3f4}\u{e0067}\u{e0062}\u{e0065}\u{e006e}\u{e0067}\u{e007f}';
    const shown = `Ann ${england} \u2764\ufe0f \u{1f468}\u200d\u{1f469}\u200d\u{1f467} \u845b\u{e0100}`;
    expect(typedText().parse(shown)).toBe(shown);
  });

  it('drops halves of UTF-16 pairs, which are stored as bytes that are not UTF-8 and read back as other text', () => {
    expect(typedText().parse('twin\ud800')).toBe('twin');
    expect(typedText({ lines: true }).parse('hi\udfffthere \ud83d\ude00')).toBe('hithere \ud83d\ude00');
    expect(issue(updateUserInfoSchema.safeParse({ nickname: '\ud800'.repeat(30) }))).toBe(
      'app.msg.field_required',
    );
  });

  it('reads the line and paragraph separators as line breaks', () => {
    expect(typedText({ lines: true }).parse('one\u2028two\u2029three')).toBe('one\ntwo\nthree');
    expect(typedText().parse('Ann\u2028Lee')).toBe('Ann Lee');
  });

  it('keeps lines and tabs in a text of several lines, and turns them into a space in one line', () => {
    expect(typedText({ lines: true }).parse('first\r\n\tsecond')).toBe('first\n\tsecond');
    expect(typedText().parse('Ann\r\n\tLee')).toBe('Ann Lee');
  });

  it('keeps everything that shows: accents, scripts, emoji with their joiners', () => {
    const shown = 'Zoë 김민준 👩‍💻 ٣ می‌خواهم';
    expect(typedText().parse(shown)).toBe(shown);
  });

  it('counts what is kept, so a message of control characters alone is an empty message', () => {
    expect(issue(serviceSendSchema.safeParse({ body: '\u0000' }))).toBe('app.msg.field_required');
    expect(issue(serviceSendSchema.safeParse({ body: ' \u0000\u0001 \n' }))).toBe('app.msg.field_required');
    expect(issue(updateUserInfoSchema.safeParse({ nickname: '\u0000\t' }))).toBe('app.msg.field_required');
    const name = authenticationSchema.safeParse({
      name: 'L\u0000',
      docType: 'passport',
      docNumber: 'X1234567',
      frontImage: 'a',
      backImage: 'b',
    });
    expect(issue(name)).toBe('app.msg.real_name_invalid');
  });

  it('is the rule of an address remark too', () => {
    const address = {
      coin: 'USDT',
      network: 'TRC20',
      address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE',
      password: 'draw1234',
    };
    expect(addressRequestSchema.parse({ ...address, remark: 'Ledger\u0000\nNano' }).remark).toBe(
      'Ledger Nano',
    );
  });

  it('measures a text as its rule does: what is kept, an emoji as one', () => {
    const nickname = typedText().max(3);
    for (const text of ['😀😀😀', '  abc  ', 'a\u200bbc'])
      expect(nickname.safeParse(text).success, text).toBe(true);
    expect(typedLength('😀😀😀')).toBe(3);
    expect(typedLength('  abc  ')).toBe(3);
    expect(typedLength('a\u200bbc')).toBe(3);
    expect(typedLength('😀😀😀😀')).toBe(4);
    expect(nickname.safeParse('😀😀😀😀').success).toBe(false);
    // A run of line breaks is one space on one line, and stays as typed where lines are kept.
    expect(typedLength('a\n\n\nb')).toBe(3);
    expect(typedLength('a\n\n\nb', { lines: true })).toBe(5);
  });
});
