// The placements a configuration can ask for, by the shared name each cloud's own word maps to (a cloud's
// entry in domain/clouds/ says which it offers and what it calls them).

/** `partition` is AWS's partition placement group (probes only: the study did not measure it). */
export type Placement = 'default' | 'cluster' | 'spread' | 'partition' | 'collocated';
export const placements: readonly Placement[] = ['default', 'cluster', 'spread', 'partition', 'collocated'];
