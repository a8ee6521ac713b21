/**
 * A platform field that settings of more than one kind write (one field, one resource): what
 * the settings engine and the program's classes know of it. The fields themselves are the
 * kinds' (kinds/settings/shared-fields.ts). Imports nothing: the program loads it.
 */
export interface SharedField {
  /** The platform field's own name (`"dDoSShieldSensitivity"`): what makes two settings one. */
  field: string;
  /** The field in messages (`"the DDoS sensitivity"`). */
  noun: string;
  /** How to keep one resource for it, in the refusal. */
  wayOut: string;
}
