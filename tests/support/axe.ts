// The journeys' accessibility check: axe-core with every rule it enables by default at its installed
// version (no rule or tag chosen here, so a rule a new version turns on is checked too), each
// violation as one line naming the screen, the rule, its impact and the elements.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

export async function axeViolations(page: Page, screen = page.url()): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.map((v) => `${screen} ${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
