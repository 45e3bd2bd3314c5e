// An event's arrival and ID notes (issue 27): each event holds its own, staff edit them in the event
// form, and the event page, the e-mails, the ticket page and the ticket PDF all show the same words.
// The defaults live here only, in each language the buyer can read.
import { ONLINE_CITY } from './constants';
import type { Language } from './language';

export const EVENT_NOTE_MAX_LENGTH = 300;

/** An event's stored notes: null follows the default for its kind (translated); '' shows no note. */
export interface EventNoteFields {
  arrivalNote: string | null;
  idNote: string | null;
  /** An online event (its city is 'Online'): nobody is asked for ID at a gate. */
  online: boolean;
}

/** The defaults: an event at a venue asks for ID at the gate; an online one does not. */
export const DEFAULT_EVENT_NOTES: Readonly<Record<Language, { arrival: string; id: string; onlineArrival: string }>> = {
  en: {
    arrival: 'Please arrive at least 30 minutes before the event starts.',
    id: 'Carry a valid photo ID: it is checked at the gate with your ticket.',
    onlineArrival: 'Please join at least 10 minutes before the event starts.',
  },
  hi: {
    arrival: 'कृपया इवेंट शुरू होने से कम से कम 30 मिनट पहले पहुँचें।',
    id: 'वैध फ़ोटो पहचान पत्र साथ रखें: गेट पर आपके टिकट के साथ इसकी जाँच होगी।',
    onlineArrival: 'कृपया इवेंट शुरू होने से कम से कम 10 मिनट पहले जुड़ें।',
  },
  mr: {
    arrival: 'कृपया कार्यक्रम सुरू होण्याच्या किमान 30 मिनिटे आधी पोहोचा.',
    id: 'वैध फोटो ओळखपत्र सोबत ठेवा: गेटवर तुमच्या तिकिटासोबत ते तपासले जाईल.',
    onlineArrival: 'कृपया कार्यक्रम सुरू होण्याच्या किमान 10 मिनिटे आधी सामील व्हा.',
  },
};

export const isOnlineLocation = (location: string) => location === ONLINE_CITY;

/** The notes a ticket and its e-mail show, from an event row already read. */
export const eventNoteFieldsOf = (event: {
  arrivalNote: string | null;
  idNote: string | null;
  location: string;
}): EventNoteFields => ({
  arrivalNote: event.arrivalNote,
  idNote: event.idNote,
  online: isOnlineLocation(event.location),
});

/** The notes as staff first see them in the event form: the English defaults for the event's kind. */
export const defaultNoteTexts = (online: boolean) => ({
  arrivalNote: online ? DEFAULT_EVENT_NOTES.en.onlineArrival : DEFAULT_EVENT_NOTES.en.arrival,
  idNote: online ? '' : DEFAULT_EVENT_NOTES.en.id,
});

/**
 * The notes to show, in order (arrival, then ID), in `language`: staff's own text as they wrote it,
 * or the default for the event's kind in that language; a note left empty is not shown.
 */
export function eventNotesFor(event: EventNoteFields, language: Language = 'en'): string[] {
  const defaults = DEFAULT_EVENT_NOTES[language];
  const arrival = event.arrivalNote ?? (event.online ? defaults.onlineArrival : defaults.arrival);
  const id = event.idNote ?? (event.online ? '' : defaults.id);
  return [arrival, id].map((note) => note.trim()).filter(Boolean);
}

/** The English defaults each note is stored as null for (either kind of event's, so a change of city follows). */
export const NOTE_DEFAULT_TEXTS = {
  arrivalNote: [DEFAULT_EVENT_NOTES.en.arrival, DEFAULT_EVENT_NOTES.en.onlineArrival],
  idNote: [DEFAULT_EVENT_NOTES.en.id],
} as const;

/**
 * What the form's text stores: an English default is kept as null, so pages in Hindi or Marathi
 * show the default in their language, and for the event's kind; anything else as typed ('' hides the note).
 */
export function storedNote(text: string | null | undefined, defaults: readonly string[]): string | null {
  if (text === null || text === undefined) return null;
  const trimmed = text.trim();
  return defaults.includes(trimmed) ? null : trimmed;
}
