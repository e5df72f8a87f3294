import { AA_TEXT, contrastRatio, ensureContrast, parseHex, toHex } from '../../../../src/presentation/theme/contrast';
import {
  FALLBACK_COLORS,
  paletteVariables,
  resolvePalette,
  type Palette,
} from '../../../../src/presentation/theme/palette';
import { lookForPlatform } from '../../../../src/presentation/theme/look';

const rgb = (hex: string) => parseHex(hex)!;
const ratio = (a: string, b: string) => contrastRatio(rgb(a), rgb(b));

/** Every text colour against every surface it is drawn on. */
function textPairs(palette: Palette): [string, string, number][] {
  const surfaces = ['bgColor', 'secondaryBgColor', 'sectionBgColor'] as const;
  const texts = [
    'textColor',
    'hintColor',
    'subtitleTextColor',
    'sectionHeaderTextColor',
    'linkColor',
    'accentTextColor',
    'destructiveTextColor',
  ] as const;
  const pairs: [string, string, number][] = texts.flatMap((text) =>
    surfaces.map((surface): [string, string, number] => [text, surface, ratio(palette[text], palette[surface])]),
  );
  pairs.push(['buttonTextColor', 'buttonColor', ratio(palette.buttonTextColor, palette.buttonColor)]);
  pairs.push(['linkColor', 'tintedBgColor', ratio(palette.linkColor, palette.tintedBgColor)]);
  return pairs;
}

const failing = (palette: Palette) => textPairs(palette).filter(([, , value]) => value < AA_TEXT);

describe('contrast arithmetic', () => {
  it('gives 21:1 for black on white and 1:1 for equal colours', () => {
    expect(ratio('#000', '#ffffff')).toBeCloseTo(21, 5);
    expect(ratio('#777777', '#777777')).toBeCloseTo(1, 5);
  });

  it('matches the WCAG example: #767676 on white is just above 4.5', () => {
    expect(ratio('#767676', '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(ratio('#777777', '#ffffff')).toBeLessThan(4.5);
  });

  it('parses #rgb and #rrggbb, rejects anything else', () => {
    expect(parseHex('#abc')).toEqual([170, 187, 204]);
    expect(toHex(parseHex('#1A2b3C')!)).toBe('#1a2b3c');
    expect(parseHex('rgb(0,0,0)')).toBeNull();
    expect(parseHex(undefined)).toBeNull();
  });

  it('leaves a passing colour alone and moves a failing one until it passes', () => {
    expect(ensureContrast(rgb('#000000'), [rgb('#ffffff')])).toEqual(rgb('#000000'));
    const adjusted = ensureContrast(rgb('#999999'), [rgb('#ffffff')]);
    expect(contrastRatio(adjusted, rgb('#ffffff'))).toBeGreaterThanOrEqual(AA_TEXT);
    const onDark = ensureContrast(rgb('#444444'), [rgb('#111111')]);
    expect(contrastRatio(onDark, rgb('#111111'))).toBeGreaterThanOrEqual(AA_TEXT);
  });
});

describe('theme palette', () => {
  it.each(['light', 'dark'] as const)(
    'the %s fallbacks meet AA for every text on every surface, unchanged',
    (scheme) => {
      const palette = resolvePalette({}, scheme === 'dark');
      expect(failing(palette)).toEqual([]);
      expect(palette.textColor).toBe(FALLBACK_COLORS[scheme].textColor);
      expect(palette.hintColor).toBe(FALLBACK_COLORS[scheme].hintColor);
      expect(palette.buttonColor).toBe(FALLBACK_COLORS[scheme].buttonColor);
    },
  );

  it('keeps messenger colours that already pass', () => {
    const palette = resolvePalette(
      { bgColor: '#ffffff', textColor: '#222222', linkColor: '#0057b7', secondaryBgColor: '#f4f4f5' },
      false,
    );
    expect(palette.bgColor).toBe('#ffffff');
    expect(palette.textColor).toBe('#222222');
    expect(palette.linkColor).toBe('#0057b7');
  });

  it('makes the messenger default light theme AA-safe (grey hint, light blue link and button)', () => {
    const theme = {
      bgColor: '#ffffff',
      textColor: '#000000',
      hintColor: '#999999',
      linkColor: '#2481cc',
      buttonColor: '#2481cc',
      buttonTextColor: '#ffffff',
      secondaryBgColor: '#efeff3',
    };
    expect(ratio(theme.hintColor, theme.bgColor)).toBeLessThan(AA_TEXT);
    const palette = resolvePalette(theme, false);
    expect(failing(palette)).toEqual([]);
    expect(palette.buttonTextColor).toBe('#ffffff'); // the label colour is kept; the button darkens instead
  });

  it('makes a hostile dark theme AA-safe', () => {
    const theme = {
      bgColor: '#212121',
      secondaryBgColor: '#181818',
      textColor: '#5a5a5a',
      hintColor: '#444444',
      linkColor: '#1a237e',
      buttonColor: '#8ab4f8',
      buttonTextColor: '#ffffff',
      destructiveTextColor: '#8b0000',
    };
    expect(failing(resolvePalette(theme, true))).toEqual([]);
  });

  it('replaces invalid colours with the fallbacks', () => {
    const palette = resolvePalette({ bgColor: 'not a colour', textColor: '' }, true);
    expect(palette.bgColor).toBe(FALLBACK_COLORS.dark.bgColor);
    expect(palette.textColor).toBe(FALLBACK_COLORS.dark.textColor);
  });

  it('derives missing subtitle and section header colours from the messenger hint colour', () => {
    const palette = resolvePalette({ hintColor: '#5c5c60' }, false);
    expect(palette.subtitleTextColor).toBe('#5c5c60');
    expect(palette.sectionHeaderTextColor).toBe('#5c5c60');
  });

  it('names the CSS variables like the messenger does', () => {
    const variables = paletteVariables(resolvePalette({}, false));
    expect(variables['--tg-theme-bg-color']).toBe('#ffffff');
    expect(variables['--tg-theme-button-text-color']).toBe('#ffffff');
    expect(variables['--tg-theme-secondary-bg-color']).toBe(FALLBACK_COLORS.light.secondaryBgColor);
    expect(Object.keys(variables).filter((name) => name.startsWith('--tg-theme-'))).toHaveLength(13);
  });
});

describe('look', () => {
  it('is Apple on iOS and macOS, Material elsewhere', () => {
    expect(lookForPlatform('ios')).toBe('apple');
    expect(lookForPlatform('macos')).toBe('apple');
    for (const platform of ['android', 'android_x', 'tdesktop', 'web', 'weba', 'webk', 'unknown'] as const)
      expect(lookForPlatform(platform)).toBe('material');
  });
});
