/** my_chat_member updates (recorded) read into channel added / removed events. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseMyChatMember } from '../../../../server/modules/bot/updates';

const fixture = (name: string): unknown =>
  JSON.parse(readFileSync(path.join(__dirname, 'fixtures', `${name}.json`), 'utf8'));

describe('parseMyChatMember', () => {
  test('the bot promoted to administrator with the needed rights: added, by whom, with the public handle', () => {
    expect(parseMyChatMember(fixture('update.myChatMember.promoted'))).toEqual({
      kind: 'added',
      chatId: -1001234567890,
      title: 'Alice Travels',
      username: 'alice_travels',
      hasRequiredRights: true,
      by: expect.objectContaining({ id: 1001, first_name: 'Alice', username: 'alice_creator' }),
    });
  });

  test('an administrator without promote-members and change-info is added without the required rights', () => {
    expect(parseMyChatMember(fixture('update.myChatMember.limited'))).toMatchObject({
      kind: 'added',
      chatId: -1009876543210,
      hasRequiredRights: false,
    });
    expect(parseMyChatMember(fixture('update.myChatMember.limited'))).not.toHaveProperty('username');
  });

  test('kicked or left: removed', () => {
    expect(parseMyChatMember(fixture('update.myChatMember.kicked'))).toEqual({
      kind: 'removed',
      chatId: -1001234567890,
    });
  });

  test('groups, other updates and junk are ignored', () => {
    expect(parseMyChatMember(fixture('update.myChatMember.group'))).toBeNull();
    expect(parseMyChatMember({ update_id: 1, message: { text: 'hi' } })).toBeNull();
    expect(parseMyChatMember(null)).toBeNull();
    expect(parseMyChatMember({ my_chat_member: { chat: { id: 'x', type: 'channel' } } })).toBeNull();
  });
});
