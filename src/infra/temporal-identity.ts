import type { Connection } from '@temporalio/client';

/**
 * Which Temporal a pipeline run belongs to: the namespace and the cluster's
 * identity. Recorded with every run, so a sweeper ends only the runs of its
 * own Temporal: a local stack (its own dev server) writing to a database a
 * fleet uses, or two clusters sharing one database, stay apart.
 */
export interface TemporalIdentity {
  namespace: string;
  /** The cluster id the server reports (`GetClusterInfo`); where the server refuses that call, `namespace:<the namespace's id>`. */
  clusterId: string;
}

/** Asks the frontend who it is (a dev server draws a new cluster id each time it starts on an empty store). */
export async function temporalIdentity(service: Connection['workflowService'], namespace: string): Promise<TemporalIdentity> {
  try {
    const info = await service.getClusterInfo({});
    if (info.clusterId) return { namespace, clusterId: info.clusterId };
  } catch {
    // Temporal Cloud may not let a namespace-scoped key read the cluster: the namespace's own id is unique too.
  }
  const described = await service.describeNamespace({ namespace });
  return { namespace, clusterId: `namespace:${described.namespaceInfo?.id ?? namespace}` };
}
