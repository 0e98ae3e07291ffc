/**
 * What the cabin asks of the organisation modules: a person's groups (grants to a group reach its
 * members) and whether a grant's group or person exists in the company. The composition
 * (cabin.module.ts) fills it from the groups and companies services, so the cabin reads no table
 * of theirs.
 */
export interface CabinPeople {
  groupIdsOfUser(companyId: number, userId: number): Promise<number[]>;
  groupExists(companyId: number, groupId: number): Promise<boolean>;
  isMember(companyId: number, userId: number): Promise<boolean>;
}
