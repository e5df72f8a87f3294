/** @jest-environment jsdom */
import { applyTheme, startTheme } from '../../../../src/presentation/theme/applyTheme';
import { FakePlatform } from '../support/FakePlatform';

describe('applyTheme', () => {
  it('sets look, scheme, variables and the host header and background colours', () => {
    const platform = new FakePlatform();
    applyTheme(document.body, platform, 'ios', { secondaryBgColor: '#f2f2f7', bgColor: '#ffffff' }, false);
    expect(document.body.dataset.look).toBe('apple');
    expect(document.body.dataset.scheme).toBe('light');
    expect(document.body.style.getPropertyValue('--tg-theme-secondary-bg-color')).toBe('#f2f2f7');
    expect(platform.headerColor).toBe('#f2f2f7');
    expect(platform.backgroundColor).toBe('#f2f2f7');
  });

  it('follows theme changes of the messenger', () => {
    const platform = new FakePlatform();
    platform.launch = { ...platform.launch, platform: 'android', isDark: false, theme: {} };
    const stop = startTheme(document.body, platform);
    expect(document.body.dataset.look).toBe('material');
    platform.changeTheme({ bgColor: '#101010', secondaryBgColor: '#000000' }, true);
    expect(document.body.dataset.scheme).toBe('dark');
    expect(document.body.style.getPropertyValue('--tg-theme-bg-color')).toBe('#101010');
    expect(platform.headerColor).toBe('#000000');
    stop();
  });
});
