import type { Executor } from '../db/client';
import { users } from '../db/schema/auth';
import { customers } from '../db/schema/customers';
import { DEMO_MEMBER, LOYALTY_PROGRAM } from './constants';

/**
 * The demo member: a LINE member whose phone is already verified, with Customer CUST-00001 in the
 * programme, so the development LINE page can sign in as them (no password: members sign in with LINE).
 */
export async function seedMembers(tx: Executor): Promise<void> {
  const fullName = `${DEMO_MEMBER.firstName} ${DEMO_MEMBER.lastName}`;
  await tx.insert(users).values({
    name: DEMO_MEMBER.user,
    email: DEMO_MEMBER.user,
    full_name: fullName,
    first_name: DEMO_MEMBER.firstName,
    last_name: DEMO_MEMBER.lastName,
    mobile_no: DEMO_MEMBER.phone,
    phone_verified: true,
    id_card_number: '1100100000001',
    birth_date: '1990-05-14',
    line_sub: DEMO_MEMBER.lineSub,
    user_type: 'Website User',
    roles: ['Member'],
    language: 'th',
    owner: DEMO_MEMBER.user,
  });
  await tx.insert(customers).values({
    name: DEMO_MEMBER.customer,
    customer_name: fullName,
    user: DEMO_MEMBER.user,
    loyalty_program: LOYALTY_PROGRAM,
    owner: DEMO_MEMBER.user,
  });
}
