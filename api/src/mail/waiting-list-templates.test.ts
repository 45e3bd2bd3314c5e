// The waiting list's e-mails count in words (issue 40): "for 1 ticket", never "for 1 tickets", in
// every language, through the catalogue's plural forms.
import { describe, expect, it } from 'vitest';
import type { Language } from '../contract';
import { waitingListJoinedEmail } from './templates';

const joined = (quantity: number, language: Language = 'en') =>
  waitingListJoinedEmail({
    name: 'Nisha Kulkarni',
    eventName: 'River 10K',
    ticketName: 'General',
    quantity,
    place: 2,
    platformName: 'TDK Sports',
    language,
    eventUrl: 'https://tdksports.in/event/5',
  }).text;

describe('the waiting-list e-mail', () => {
  it('says one ticket or several as a person would', () => {
    expect(joined(1)).toContain('You are number 2 on its waiting list for 1 ticket. When a seat comes free');
    expect(joined(1)).not.toContain('1 tickets');
    expect(joined(3)).toContain('on its waiting list for 3 tickets. When seats come free');
  });

  it('does so in Hindi and Marathi too', () => {
    expect(joined(1, 'hi')).toContain('1 टिकट के लिए');
    expect(joined(2, 'hi')).toContain('2 टिकटों के लिए');
    expect(joined(1, 'mr')).toContain('1 तिकिटासाठी');
    expect(joined(4, 'mr')).toContain('4 तिकिटांसाठी');
  });
});
