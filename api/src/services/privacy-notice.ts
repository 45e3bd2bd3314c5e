// The privacy notice of the registration form (decision 030; DPDP Rules 2025, rule 3): short,
// standalone, in the buyer's language, naming what is collected, why, for how long, who sees it, how
// to withdraw consent or ask for erasure, and whom to contact. Staff may replace each language's text
// in Settings, Privacy; an empty text is the standard one below, with the platform's own name,
// contact address and retention period put in. The organiser who collects the data (the data
// fiduciary; the platform is its processor, decision 055) is the event's: the text keeps the
// `{organiser}` placeholder, which the registration form fills with the event's organisation
// (contract noticeForOrganiser), so one versioned notice serves every organiser's events. The
// migration that brought the organiser's name in (SQLite 0035, PostgreSQL 0032) made it a new
// version where attendees had consented to the old words.
import type { Language, PlatformSettings, PrivacyNotice } from '../contract';

const STANDARD: Record<Language, string> = {
  en: `Who is responsible: {organiser}, the organiser of this event, collects your data and decides how it is used (the data fiduciary); {platformName} processes it on the organiser's behalf.

{organiser} collects each attendee's name, contact details, date of birth and gender, the emergency contact and the answers the event asks for (blood group or medical conditions only when the event needs them), and for an attendee under 18 a parent or guardian's name, relation, phone and consent.

Why: to run your registration and the event — tickets, check-in, race numbers, safety and medical help on the day — and to send you your booking e-mails. We do not use it for marketing to attendees under 18.

Who sees it: the organiser's staff who run the event, and the companies that process money and send e-mail for us, for their part only. Medical and emergency details are kept encrypted.

How long: until {retentionDays} days after the event; then names, contacts, dates of birth and medical and emergency details are erased. Records of money paid and refunded are kept as tax law requires.

Your choices: you may withdraw consent, download your data or ask for its erasure at any time from My bookings. Questions or complaints: {contactEmail}.`,
  hi: `ज़िम्मेदार कौन: इस इवेंट का आयोजक {organiser} आपका डेटा लेता है और तय करता है कि उसका उपयोग कैसे हो (डेटा फ़िड्यूशरी); {platformName} आयोजक की ओर से उसे प्रोसेस करता है।

{organiser} हर प्रतिभागी का नाम, संपर्क विवरण, जन्मतिथि और लिंग, आपातकालीन संपर्क और इवेंट द्वारा पूछे गए उत्तर लेता है (ब्लड ग्रुप या चिकित्सीय स्थिति केवल तब, जब इवेंट को उनकी ज़रूरत हो), और 18 वर्ष से कम आयु के प्रतिभागी के लिए माता-पिता या अभिभावक का नाम, संबंध, फ़ोन और सहमति।

क्यों: आपका पंजीकरण और इवेंट चलाने के लिए — टिकट, चेक-इन, रेस नंबर, उस दिन सुरक्षा और चिकित्सा सहायता — और आपको बुकिंग ई-मेल भेजने के लिए। 18 वर्ष से कम आयु के प्रतिभागियों को हम कोई प्रचार सामग्री नहीं भेजते।

कौन देखता है: इवेंट चलाने वाले आयोजक के कर्मचारी, और हमारे भुगतान व ई-मेल प्रदाता केवल अपने काम भर। चिकित्सीय और आपातकालीन विवरण एन्क्रिप्ट करके रखे जाते हैं।

कब तक: इवेंट के {retentionDays} दिन बाद तक; उसके बाद नाम, संपर्क, जन्मतिथि और चिकित्सीय व आपातकालीन विवरण मिटा दिए जाते हैं। भुगतान और कर के रिकॉर्ड क़ानून के अनुसार रखे जाते हैं।

आपके विकल्प: आप कभी भी 'मेरी बुकिंग' से अपनी सहमति वापस ले सकते हैं, अपना डेटा डाउनलोड कर सकते हैं या उसे मिटाने का अनुरोध कर सकते हैं। प्रश्न या शिकायत: {contactEmail}।`,
  mr: `जबाबदार कोण: या इव्हेंटचे आयोजक {organiser} तुमचा डेटा घेतात आणि त्याचा वापर कसा होईल ते ठरवतात (डेटा फिड्युशरी); {platformName} आयोजकांच्या वतीने त्यावर प्रक्रिया करते.

{organiser} प्रत्येक सहभागीचे नाव, संपर्क तपशील, जन्मतारीख आणि लिंग, आपत्कालीन संपर्क आणि इव्हेंटने विचारलेली उत्तरे घेते (रक्तगट किंवा वैद्यकीय स्थिती फक्त इव्हेंटला त्यांची गरज असेल तेव्हाच), आणि 18 वर्षांखालील सहभागीसाठी पालक किंवा संरक्षकाचे नाव, नाते, फोन आणि संमती.

का: तुमची नोंदणी आणि इव्हेंट चालवण्यासाठी — तिकिटे, चेक-इन, रेस क्रमांक, त्या दिवशी सुरक्षा आणि वैद्यकीय मदत — आणि तुम्हाला बुकिंगचे ई-मेल पाठवण्यासाठी. 18 वर्षांखालील सहभागींना आम्ही कोणतीही जाहिरात पाठवत नाही.

कोण पाहते: इव्हेंट चालवणारे आयोजकाचे कर्मचारी, आणि आमचे पेमेंट व ई-मेल पुरवठादार फक्त त्यांच्या कामापुरते. वैद्यकीय आणि आपत्कालीन तपशील एन्क्रिप्ट करून ठेवले जातात.

किती काळ: इव्हेंटनंतर {retentionDays} दिवसांपर्यंत; त्यानंतर नावे, संपर्क, जन्मतारखा आणि वैद्यकीय व आपत्कालीन तपशील पुसले जातात. पेमेंट आणि कराच्या नोंदी कायद्यानुसार ठेवल्या जातात.

तुमचे पर्याय: तुम्ही कधीही 'माझी बुकिंग' मधून संमती मागे घेऊ शकता, तुमचा डेटा डाउनलोड करू शकता किंवा तो पुसण्याची विनंती करू शकता. प्रश्न किंवा तक्रार: {contactEmail}.`,
};

const TEXT_KEYS: Record<Language, 'privacyNoticeText' | 'privacyNoticeTextHi' | 'privacyNoticeTextMr'> = {
  en: 'privacyNoticeText',
  hi: 'privacyNoticeTextHi',
  mr: 'privacyNoticeTextMr',
};

export const NOTICE_TEXT_KEYS = Object.values(TEXT_KEYS);

/** The notice the form shows: staff's text of each language, or the standard one with the platform's facts put in. */
export function privacyNoticeOf(
  s: Pick<
    PlatformSettings,
    'platformName' | 'contactEmail' | 'privacyNoticeVersion' | 'privacyNoticeText' | 'privacyNoticeTextHi' | 'privacyNoticeTextMr'
  >,
): PrivacyNotice {
  const fill = (text: string) => text.replaceAll('{platformName}', s.platformName).replaceAll('{contactEmail}', s.contactEmail);
  // {retentionDays} stays: it is the event's organisation's period, filled with {organiser} (decision 056).
  const text = {} as Record<Language, string>;
  for (const language of Object.keys(TEXT_KEYS) as Language[]) {
    text[language] = fill(s[TEXT_KEYS[language]].trim() || STANDARD[language]);
  }
  return { version: s.privacyNoticeVersion, text };
}
