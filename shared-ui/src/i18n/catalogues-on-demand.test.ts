// A namespace registered on demand (the forms' validation messages) is left out of what a page in
// Hindi fetches before it draws (`loadLanguage`), and fetched when asked for by name.
import { describe, expect, it, vi } from 'vitest';
import { isCatalogueLoaded, loadCatalogue, loadLanguage, registerCatalogues } from './catalogues';

describe('catalogues fetched on demand', () => {
  it("are not fetched with a page's language, only when asked for by name", async () => {
    const everyPage = vi.fn(async () => ({ greeting: 'नमस्ते' }));
    const formsOnly = vi.fn(async () => ({ required: 'आवश्यक है' }));
    const none = async () => ({});
    registerCatalogues('test-page', { en: { greeting: 'Hello' }, hi: everyPage, mr: none });
    registerCatalogues('test-forms', { en: { required: 'Required' }, hi: formsOnly, mr: none }, { onDemand: true });

    await loadLanguage('hi');
    expect(everyPage).toHaveBeenCalledTimes(1);
    expect(formsOnly).not.toHaveBeenCalled();
    expect(isCatalogueLoaded('hi', 'test-forms')).toBe(false);

    await loadCatalogue('hi', 'test-forms');
    expect(formsOnly).toHaveBeenCalledTimes(1);
    expect(isCatalogueLoaded('hi', 'test-forms')).toBe(true);
  });
});
