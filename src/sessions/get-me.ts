import { IsNull } from 'typeorm';
import { authorize, type Actor } from '../access/index';
import { DomainError } from '../errors';
import type { Services } from '../services';
import { Member } from '../tenants/index';
import { toMemberView } from '../tenants/index';
import type { MemberView } from '../tenants/index';
import { Tenant } from '../tenants/index';

/** The signed-in member and their organisation's switches, as the console's `me` shows them. */
export interface Me {
  member: MemberView;
  org: {
    id: string; name: string; fourEyes: boolean; defaultMlroMemberId: string | null; fullParityEntitled: boolean; fullParityEnabled: boolean; zeroRetention: boolean;
    webhookAlertAfterMinutes: number; idvRequireSelfie: boolean; idvAcceptDocumentOnFile: boolean; mfaRequired: boolean;
    ipAllowList: string[]; inactivityLimitDays: number | null;
  };
}

/** The calling member and their organisation. Only a member has a profile: anyone else gets not_found. */
export async function getMe(svc: Services, actor: Actor): Promise<Me> {
  authorize(actor, 'sessions:own');
  if (actor.kind !== 'member') throw DomainError.notFound('Member');
  const member = await svc.db.manager.findOneBy(Member, { id: actor.memberId, orgId: actor.orgId, removedAt: IsNull() });
  const tenant = member ? await svc.db.manager.findOneBy(Tenant, { id: actor.orgId }) : null;
  if (!member || !tenant) throw DomainError.notFound('Member');
  return {
    member: toMemberView(member),
    org: { id: tenant.id, name: tenant.name, fourEyes: tenant.fourEyes, defaultMlroMemberId: tenant.defaultMlroMemberId, fullParityEntitled: tenant.fullParityEntitled,
      fullParityEnabled: tenant.fullParityEnabled, zeroRetention: tenant.zeroRetention, webhookAlertAfterMinutes: tenant.webhookAlertAfterMinutes,
      idvRequireSelfie: tenant.idvRequireSelfie, idvAcceptDocumentOnFile: tenant.idvAcceptDocumentOnFile, mfaRequired: tenant.mfaRequired,
      ipAllowList: tenant.ipAllowList ?? [], inactivityLimitDays: tenant.inactivityLimitDays },
  };
}
