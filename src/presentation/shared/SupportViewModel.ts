import type { Links } from '../../application/ports/Links';
import { EXTERNAL_LINKS, openExternal } from './externalLinks';

/** The help screens (/banned, /faq, /support): their one action opens the support chat in the messenger. */
export class SupportViewModel {
  constructor(private readonly links: Links) {}

  readonly openSupport = (): void => openExternal(this.links, EXTERNAL_LINKS.support);

  dispose(): void {}
}
