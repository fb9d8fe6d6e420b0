// The back office's services beyond the audit log: hand pays above HAND_PAY_APPROVAL_ABOVE waiting
// for a second supervisor, staff accounts and players as staff see them. After the seats, whose
// hand-pay reset and open sessions they use.
import fp from 'fastify-plugin';
import { HandPayApprovals } from '../../modules/hand-pay-approvals/approvals';
import { DailyReport } from '../../modules/reports/daily';
import { SeatsReport } from '../../modules/reports/seats';
import { StaffAccounts } from '../../modules/staff-accounts/service';
import { StaffPlayers } from '../../modules/staff-players/service';

declare module 'fastify' {
  interface FastifyInstance {
    /** hand pays above the threshold: asked by one supervisor, paid on another's approval */
    handPayApprovals: HandPayApprovals;
    /** staff accounts: oneself, two-factor enrolment, the admin's accounts */
    staffAccounts: StaffAccounts;
    /** players as the back office sees and changes them */
    staffPlayers: StaffPlayers;
    /** the daily reconciliation per machine and day */
    dailyReport: DailyReport;
    /** seats in use per hour of a day */
    seatsReport: SeatsReport;
  }
}

export default fp(
  async (app) => {
    const { config, floor, sessions, tokens } = app;
    const { db } = app.database;
    app.decorate(
      'handPayApprovals',
      new HandPayApprovals(db, floor, sessions, config.HAND_PAY_APPROVAL_ABOVE),
    );
    app.decorate('staffAccounts', new StaffAccounts(db, tokens));
    app.decorate('staffPlayers', new StaffPlayers(db, tokens, sessions));
    app.decorate('dailyReport', new DailyReport(db, floor, sessions));
    app.decorate('seatsReport', new SeatsReport(db));
  },
  {
    name: 'back-office',
    dependencies: ['config', 'database', 'accounts', 'floor', 'seats'],
  },
);
