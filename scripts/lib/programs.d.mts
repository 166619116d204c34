export interface ProgramEntry {
  name: string;
  dir: string;
}
export const nodePrograms: ProgramEntry[];
export const frontendProgram: ProgramEntry;
/** Services that own a PostgreSQL database (parley_<name>, or parley_e2e_<name> in tests). */
export const servicesWithDatabase: string[];
