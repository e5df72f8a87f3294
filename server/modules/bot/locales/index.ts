/** The bot's texts by language: one file per page language (../texts.ts). */
import type { BotLanguage, BotTexts } from './types';
import { ar } from './ar';
import { be } from './be';
import { ca } from './ca';
import { cs } from './cs';
import { de } from './de';
import { en } from './en';
import { es } from './es';
import { fi } from './fi';
import { fr } from './fr';
import { hr } from './hr';
import { hu } from './hu';
import { id } from './id';
import { it } from './it';
import { kk } from './kk';
import { ko } from './ko';
import { ms } from './ms';
import { nl } from './nl';
import { pl } from './pl';
import { pt } from './pt';
import { ru } from './ru';
import { sk } from './sk';
import { sr } from './sr';
import { tr } from './tr';
import { uk } from './uk';

export const BOT_TEXTS: Readonly<Record<BotLanguage, BotTexts>> = {
  ru,
  en,
  ar,
  be,
  ca,
  hr,
  cs,
  nl,
  fi,
  fr,
  de,
  hu,
  id,
  it,
  kk,
  ko,
  ms,
  pl,
  pt,
  sr,
  sk,
  es,
  tr,
  uk,
};
