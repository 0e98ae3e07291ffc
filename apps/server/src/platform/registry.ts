import type { AlarmFeedItem, AssignmentItem, AssignmentKind } from '@smartdata/domain';

/** Deletes a company's raw values older than `before`; answers how many rows went. */
export type Purger = (companyId: number, before: number) => Promise<number>;

/** A module's figures for the acquisition page (devices, values received). */
export type AcquisitionProvider = (companyIds: number[], dayStarts: { today: number; yesterday: number }) => Promise<
  Map<number, { devicesTotal?: number; devicesOnline?: number; valuesToday?: number; valuesYesterday?: number }>
>;

/**
 * Alarm messages for the dashboard alarm widget and the carousel marquee (newest first): those of
 * the caller's company that the caller may read (cabin levels; a company administrator reads all).
 */
export type AlarmFeedProvider = (caller: { companyId: number; userId: number; isCompanyAdmin: boolean }) => Promise<AlarmFeedItem[]>;

/** Who asks for their assignments: the current company, the user and the codes they hold there. */
export interface AssignmentCaller {
  companyId: number;
  userId: number;
  codes: ReadonlySet<string>;
}

/** One module's share of "my assignments": how many in all, and the newest of them. */
export interface AssignmentSection {
  kind: AssignmentKind;
  total: number;
  list: AssignmentItem[];
}

/** A module's tasks or alarms assigned to a user, through the module's own service. */
export type AssignmentProvider = (caller: AssignmentCaller) => Promise<AssignmentSection>;

/**
 * Extension points where later modules plug into platform pages: the purge job, the acquisition
 * status page, "my assignments". A module adds itself when it registers its routes.
 */
export class Registry {
  readonly purgers: Purger[] = [];
  readonly acquisition: AcquisitionProvider[] = [];
  readonly assignments: AssignmentProvider[] = [];
  /** Provided by the alarms module once it exists; until then the dashboards show "no alarms". */
  readonly alarmFeed: AlarmFeedProvider[] = [];
}
