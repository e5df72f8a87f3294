/**
 * `npm test` runs the integration files in groups (tests/integration/groups.cjs): every file must be in exactly one
 * group or run alone, and every group's part must have its Jest file, or a file would silently not run.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { groupMembers, groups, solo } from '../integration/support/group';

const root = path.join(process.cwd(), 'tests/integration');
test('every integration file runs once: in one group or alone', () => {
  // Every test file at any depth (Jest's own pattern), not only those the groups' folders list.
  const all = (readdirSync(root, { recursive: true }) as string[])
    .filter((file) => /\.test\.tsx?$/.test(file))
    .map((file) => `tests/integration/${file.split(path.sep).join('/')}`);
  const grouped = groups.flatMap((group) =>
    Array.from({ length: group.parts }, (_, index) => groupMembers(group.name, index + 1)).flat(),
  );
  const placed = [...grouped, ...solo];
  expect([...placed].sort()).toEqual([...all].sort());
  expect(new Set(placed).size).toBe(placed.length);
});

test('each group part has its Jest file, and no other group file exists', () => {
  const expected = groups.flatMap((group) =>
    Array.from({ length: group.parts }, (_, index) => `${group.name}-${index + 1}.group.ts`),
  );
  expect(readdirSync(path.join(root, 'groups')).sort()).toEqual(expected.sort());
});

test('no group is empty, and none holds more than six files', () => {
  for (const group of groups)
    for (let part = 1; part <= group.parts; part += 1) {
      const members = groupMembers(group.name, part);
      expect(members.length).toBeGreaterThan(0);
      expect(members.length).toBeLessThanOrEqual(6);
    }
});
