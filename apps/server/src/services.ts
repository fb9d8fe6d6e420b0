// The app's services are decorators of the Fastify instance, each added by its plugin under
// plugins/app (or plugins/external). This type names them together for the tests and scripts
// that reach into a running server; code inside the app takes only the ones it needs.
import type { FastifyInstance } from 'fastify';

export type Services = Pick<
  FastifyInstance,
  | 'config'
  | 'settings'
  | 'consoleSettings'
  | 'floorFile'
  | 'database'
  | 'seeded'
  | 'io'
  | 'floor'
  | 'agents'
  | 'meters'
  | 'faults'
  | 'videoFaults'
  | 'media'
  | 'machineViewers'
  | 'ledger'
  | 'wallet'
  | 'notice'
  | 'audit'
  | 'tokens'
  | 'geo'
  | 'auth'
  | 'account'
  | 'reservations'
  | 'sessions'
  | 'protection'
  | 'playRulesProfile'
  | 'playGuard'
  | 'lobby'
  | 'waitList'
  | 'waitListGate'
  | 'handPayApprovals'
  | 'staffAccounts'
  | 'staffPlayers'
  | 'dailyReport'
  | 'seatsReport'
  | 'lifecycle'
>;
