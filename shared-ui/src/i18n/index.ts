// The platform's languages (decision 019), exported by shared-ui's main entry.
export { registerCatalogues, loadCatalogue, loadLanguage, isCatalogueLoaded, translator } from './catalogues';
export type { Catalogue, CatalogueLoader, CatalogueSet, Translate } from './catalogues';
export { LanguageProvider, useLanguage, useT } from './language-context';
export type { LanguageProviderProps } from './language-context';
export { applyDocumentLanguage, documentLanguage } from './document-language';
export { formatsFor } from './formats';
export type { Formats } from './formats';
export { useCommonT, useFormats, usePriceFormats, statusLabel } from './common';
