import type { CreateOrderBody } from '../../api/src/contract';

export function orderBody(
  eventId: number,
  ticketId: number,
  buyer: { fullName: string; email: string; phone: string },
  count?: number,
): CreateOrderBody;
