import { fillLegalText, LEGAL_SETTING_KEYS, type LegalPage, type LegalPageResponse } from '../contract';
import type { Db } from '../db/client';
import { readSettings } from './settings';

/** A public page (/terms, /privacy, /refunds, /contact): its text as staff set it, placeholders filled. */
export async function legalPage(db: Db, page: LegalPage): Promise<LegalPageResponse> {
  const settings = await readSettings(db);
  const { platformName, contactEmail, supportPhone } = settings;
  return {
    page,
    text: fillLegalText(settings[LEGAL_SETTING_KEYS[page]], { platformName, contactEmail, supportPhone }),
    platformName,
    contactEmail,
    supportPhone,
  };
}
