import type { ServerModule } from '../../frappe/module';
import type { RequestContext } from '../../frappe/context';
import { defineMethod } from '../../frappe/methods';
import { today } from '../../../contracts/business-day';
import { DASHBOARD, ExportReportArgs, REPORT_COLUMNS, REPORT_METHODS as R, type Dashboard, type ReportFigure } from '../../../contracts/reports';
import { BOM, csvLine } from '../admin/csv';
import { dashboard } from './service';

/** A figure of the dashboard as CSV rows (REPORT_COLUMNS[figure] is the header). */
export function figureRows(d: Dashboard, figure: ReportFigure): unknown[][] {
  switch (figure) {
    case 'summary':
      return [
        ['members_total', d.members.total],
        ['members_new', d.members.new],
        ['members_active_30', d.members.active_30],
        ['members_active_90', d.members.active_90],
        ...Object.entries(d.points).map(([k, v]) => [`points_${k}`, v]),
        ['point_value_baht', d.point_value_baht],
        ['liability_baht', d.liability_baht],
        ['redemption_rate', d.redemption_rate],
        ['reward_orders', d.reward_orders],
      ];
    case 'daily':
      return d.daily.map((r) => REPORT_COLUMNS.daily.map((k) => r[k]));
    case 'top_rewards':
      return d.top_rewards.map((r) => [r.item_code, r.item_name, r.units, r.points]);
    case 'branch_ranking':
      return d.branch_ranking.map((r, i) => [i + 1, r.branch, r.issued, r.redeemed, r.reward_orders]);
    case 'tier_distribution':
      return d.tier_distribution.map((r) => [r.tier, r.members]);
  }
}

/** The Loyalty Manager runs the programme's numbers; System Manager passes every rule. */
const dashboardMethod = defineMethod({
  ...DASHBOARD,
  verbs: ['GET', 'POST'],
  allow: ['Loyalty Manager'],
  handler: (ctx, args) => dashboard(ctx.db, args),
});

/** One figure of the dashboard as text/csv, UTF-8 with a byte-order mark (Thai opens in Excel). */
const exportMethod = defineMethod({
  path: R.export,
  verbs: ['GET', 'POST'],
  allow: ['Loyalty Manager'],
  raw: true,
  args: ExportReportArgs,
  handler: async (ctx: RequestContext, args) => {
    const d = await dashboard(ctx.db, args);
    const body = BOM + csvLine(REPORT_COLUMNS[args.figure]) + figureRows(d, args.figure).map(csvLine).join('');
    return ctx.reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${args.figure}-${args.from_date}-${args.to_date}-${today()}.csv"`)
      .header('cache-control', 'no-store')
      .send(body);
  },
});

export const reportsModule: ServerModule = {
  name: 'reports',
  methods: [dashboardMethod, exportMethod],
};
