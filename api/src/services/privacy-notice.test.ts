// The privacy notice names the event's organiser as the one collecting the data, the platform as
// its processor (decision 055), in every language; staff's own text gets the sentence first.
import { describe, expect, it } from 'vitest';
import { LANGUAGES, noticeForOrganiser, ORGANISER_PLACEHOLDER, SETTINGS_DEFAULTS } from '../contract';
import { privacyNoticeOf } from './privacy-notice';

describe('the privacy notice (decision 055)', () => {
  it("keeps the organiser's place in the standard text of every language, with the platform named as processor", () => {
    const notice = privacyNoticeOf({ ...SETTINGS_DEFAULTS });
    for (const language of LANGUAGES) {
      expect(notice.text[language]).toContain(ORGANISER_PLACEHOLDER);
      expect(notice.text[language]).toContain(SETTINGS_DEFAULTS.platformName);
      const read = noticeForOrganiser(notice.text[language], 'Pune Striders Sports Foundation', language);
      expect(read).not.toContain(ORGANISER_PLACEHOLDER);
      expect(read.startsWith(notice.text[language].split(ORGANISER_PLACEHOLDER)[0]!)).toBe(true);
      expect(read).toContain('Pune Striders Sports Foundation');
    }
    expect(noticeForOrganiser(notice.text.en, 'Pune Striders Sports Foundation', 'en')).toMatch(
      /^Who is responsible: Pune Striders Sports Foundation, the organiser of this event, collects your data and decides how it is used \(the data fiduciary\); TDK Sports processes it on the organiser's behalf\./,
    );
  });

  it("puts a sentence naming the organiser before staff's own text without the placeholder", () => {
    expect(noticeForOrganiser('We keep your details for the race.', 'Deccan Trail Runners', 'en')).toBe(
      'This event is run by Deccan Trail Runners, who collects your data and decides how it is used (the data fiduciary); the platform processes it on their behalf.\n\nWe keep your details for the race.',
    );
    expect(noticeForOrganiser('आपका डेटा', 'डेक्कन ट्रेल रनर्स', 'hi')).toMatch(/^यह इवेंट डेक्कन ट्रेल रनर्स चलाता है/);
  });
});
