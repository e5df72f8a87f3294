import { commandOnBlur, commandOnFocus, isValidCommand, sanitizeCommand } from '../../../src/domain/command';

describe('subscription command', () => {
  it.each([
    ['$vip', '$vip'],
    ['vip', '$vip'],
    ['$v i p', '$vip'],
    ['$VIP2go', '$go'],
    ['$$vip', '$vip'],
    ['$', '$'],
    ['', ''],
  ])('sanitizes %p to %p', (input, output) => {
    expect(sanitizeCommand(input)).toBe(output);
  });

  it('puts "$" into an empty field on focus and keeps other text', () => {
    expect(commandOnFocus('')).toBe('$');
    expect(commandOnFocus('$vip')).toBe('$vip');
  });

  it('clears a lone "$" on blur and keeps a command', () => {
    expect(commandOnBlur('$')).toBe('');
    expect(commandOnBlur('$vip')).toBe('$vip');
  });

  it.each([
    ['$vip', true],
    ['$', false],
    ['vip', false],
    ['$vip club', false],
    ['$Vip', false],
  ])('isValidCommand(%p) is %p', (command, validity) => {
    expect(isValidCommand(command)).toBe(validity);
  });
});
