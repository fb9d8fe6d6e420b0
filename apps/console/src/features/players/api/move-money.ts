// POST /staff/deposit and /staff/withdraw: one route file on the server, one here.
import { type StaffMoneyAnswer, staffMoneyBody } from '@reelcast/protocol/wallet';
import { apiRequest } from '../../../shared/api/api-client';
import { useStaffMutation } from '../../../shared/api/use-staff-mutation';

export type MoneyInput = {
  direction: 'deposit' | 'withdraw';
  playerId: number;
  amount: number;
  reason: string;
  idempotencyKey: string;
};

export const moveMoney = ({ direction, ...body }: MoneyInput) =>
  apiRequest<StaffMoneyAnswer>(`/staff/${direction}`, {
    method: 'POST',
    body: staffMoneyBody.parse(body),
  });

export const useMoveMoney = () => useStaffMutation(moveMoney, [['players']]);
