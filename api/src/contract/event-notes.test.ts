import { describe, expect, it } from 'vitest';
import { DEFAULT_EVENT_NOTES, defaultNoteTexts, eventNotesFor, NOTE_DEFAULT_TEXTS, storedNote } from './event-notes';

describe("an event's notes", () => {
  it('shows the default for its kind, in the language asked, when staff kept it', () => {
    const atAVenue = { arrivalNote: null, idNote: null, online: false };
    expect(eventNotesFor(atAVenue)).toEqual([DEFAULT_EVENT_NOTES.en.arrival, DEFAULT_EVENT_NOTES.en.id]);
    expect(eventNotesFor(atAVenue, 'hi')).toEqual([DEFAULT_EVENT_NOTES.hi.arrival, DEFAULT_EVENT_NOTES.hi.id]);
    // An online event has no gate: nobody is asked for ID.
    expect(eventNotesFor({ ...atAVenue, online: true }, 'mr')).toEqual([DEFAULT_EVENT_NOTES.mr.onlineArrival]);
  });

  it("shows staff's own words as written, and nothing for a note left empty", () => {
    expect(eventNotesFor({ arrivalNote: 'Gates open at 5:30 am.', idNote: '', online: false }, 'hi')).toEqual([
      'Gates open at 5:30 am.',
    ]);
  });

  it("stores the form's default as null (translated on every page) and anything else as typed", () => {
    const venue = defaultNoteTexts(false);
    expect(storedNote(venue.arrivalNote, NOTE_DEFAULT_TEXTS.arrivalNote)).toBeNull();
    // A new event's defaults, then its city set to Online: the online event's defaults (no ID).
    expect(storedNote(` ${venue.idNote} `, NOTE_DEFAULT_TEXTS.idNote)).toBeNull();
    expect(storedNote('', NOTE_DEFAULT_TEXTS.idNote)).toBe('');
    expect(storedNote('Bring your club card.', NOTE_DEFAULT_TEXTS.idNote)).toBe('Bring your club card.');
    expect(defaultNoteTexts(true).idNote).toBe('');
  });
});
