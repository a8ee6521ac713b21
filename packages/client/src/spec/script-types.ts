/** Edge scripting: the answers of the platform's published edge-scripting document. */
import type { EdgeScriptReleaseStatus, EdgeScriptType } from "./script-enums";

/** A variable of a script (`EdgeScriptVariableModel`). */
export interface EdgeScriptVariable {
  Id: number;
  Name: string | null;
  /** Whether the script needs a value for it. */
  Required: boolean;
  DefaultValue: string | null;
}

/** A pull zone the script runs on (`LinkedPullZone`). */
export interface EdgeScriptLinkedPullZone {
  Id: number;
  PullZoneName: string | null;
  DefaultHostname: string | null;
}

/** An edge script (`EdgeScriptModel`). */
export interface EdgeScript {
  Id: number;
  Name: string | null;
  /** ISO 8601 date-time. */
  LastModified: string;
  ScriptType: EdgeScriptType;
  /** The id of the release that is live (0: none). */
  CurrentReleaseId: number;
  EdgeScriptVariables: EdgeScriptVariable[] | null;
  Deleted: boolean;
  LinkedPullZones: EdgeScriptLinkedPullZone[] | null;
  Integration?: unknown;
  DefaultHostname: string | null;
  SystemHostname: string | null;
  /** The key a CI job deploys with. A secret: keep it out of logs and state in plain text. */
  DeploymentKey: string | null;
  RepositoryId?: number | null;
  IntegrationId?: number | null;
  /** Cost this month (account currency). */
  MonthlyCost: number;
  MonthlyRequestCount: number;
  /** CPU time this month (milliseconds). */
  MonthlyCpuTime: number;
}

/** A script's code (`EdgeScriptCodeModel`). */
export interface EdgeScriptCode {
  Code: string | null;
  /** ISO 8601 date-time of the last code write. */
  LastModified: string;
}

/** A release of a script (`EdgeScriptReleaseModel`). */
export interface EdgeScriptRelease {
  Id: number;
  Deleted: boolean;
  /** The code of the release. */
  Code: string | null;
  Uuid: string | null;
  Note: string | null;
  Author: string | null;
  AuthorEmail: string | null;
  CommitSha: string | null;
  Status: EdgeScriptReleaseStatus;
  /** ISO 8601 date-times. */
  DateReleased: string;
  DatePublished: string;
}

/** A secret of a script (`EdgeScriptSecretModel`): its name only, never its value. */
export interface EdgeScriptSecret {
  Id: number;
  Name: string | null;
  /** ISO 8601 date-time of the last write of the value. */
  LastModified: string;
}

/** A page of scripts or releases (`PaginationListModelOf…`). */
export interface EdgeScriptPage<T> {
  Items: T[];
  CurrentPage: number;
  TotalItems: number;
  HasMoreItems: boolean;
}
