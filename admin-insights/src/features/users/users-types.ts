import type { Role } from '@tdk/api/contract';

export interface Participant {
  id: string;
  name: string;
  email: string;
  phone: string;
  joinDate: string;
  location: string;
  eventsJoined: number;
  status: 'Active' | 'Inactive';
}

export interface ParticipantStats {
  totalUsers: number;
  activeUsers: number;
  newThisMonth: number;
  totalEventsJoined: number;
}

export interface StaffAccount {
  id: number;
  email: string;
  fullName: string;
  role: Role;
  disabled: boolean;
  lastLoginAt: string | null;
  createdAt: string;
}
