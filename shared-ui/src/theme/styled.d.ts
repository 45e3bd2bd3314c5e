import 'styled-components';
import type { AppTheme } from './theme';

declare module 'styled-components' {
  // An interface (not a type alias) is the only way to augment DefaultTheme.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  export interface DefaultTheme extends AppTheme {}
}
