// A family for the tests of the family home and the guardian's replies, made straight in the database.
import type { Prisma, User } from '@prisma/client';
import type { AppDeps } from '../../api/src/deps';

type UserData = Omit<Prisma.UserUncheckedCreateInput, 'role'>;

/**
 * A guardian and their children as the family home finds them once consent is settled: a guardianship and an
 * approved consent (by email link, the text's version 0) for each child. The guardian is created first, then the
 * children in the order given; a child's data overrides the shared `childBirth`.
 */
export async function createFamily<const Children extends readonly UserData[]>(
  prisma: AppDeps['prisma'],
  family: { guardian: UserData; children: Children; childBirth?: Date },
): Promise<{ guardian: User; children: { -readonly [K in keyof Children]: User } }> {
  const guardian = await prisma.user.create({ data: { ...family.guardian, role: 'guardian' } });
  const children: User[] = [];
  for (const data of family.children) {
    children.push(await prisma.user.create({ data: { birthDate: family.childBirth, ...data } }));
  }
  for (const child of children) {
    await prisma.guardianship.create({ data: { guardianId: guardian.id, childId: child.id } });
    await prisma.guardianConsent.create({
      data: { childId: child.id, guardianId: guardian.id, method: 'email_link', textVersion: 0 },
    });
  }
  // One child made for each given, in order: the tuple's shape is the input's.
  return { guardian, children: children as { -readonly [K in keyof Children]: User } };
}
