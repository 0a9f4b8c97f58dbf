#!/bin/sh
# Starts the provisioned server in a container. HTTP and management listen on every interface of the container:
# what reaches them is the orchestrator's business (compose publishes only the proxy). The private interface, which
# JGroups clusters on, is the container's own address, the one the other members list in QRFORGE_CLUSTER_MEMBERS.
# On TERM the server suspends before it stops: readiness goes down, requests that arrive get 503 (but scans of
# cached codes, which the scan lane ahead of WildFly's request control answers and buffers), and requests in flight
# get up to the suspend timeout to finish (WildFly's default is half a second, which cuts off a render or a bulk
# archive being downloaded); then it stops, writing the buffered scans. Orchestrators must allow it more than that
# (compose's stop_grace_period, Kubernetes' terminationGracePeriodSeconds; KubernetesManifestsTest checks both).
# Further arguments go to standalone.sh (compose gives each node its -Djboss.node.name).
set -eu
address=$(hostname -i | cut -d ' ' -f 1)
# Unlike loopback, the container's address is reachable by every other container on its network, and without a
# secret the node's JGroups secret would be its name (configure-server.cli, "Clustering"), no secret at all. A random
# one that nobody else holds keeps an unconfigured container a cluster of one that no one can join.
if [ -z "${QRFORGE_CLUSTER_SECRET:-}" ]; then
    QRFORGE_CLUSTER_SECRET=$(head -c 32 /dev/urandom | base64)
    export QRFORGE_CLUSTER_SECRET
fi
exec "$JBOSS_HOME/bin/standalone.sh" -b 0.0.0.0 -bmanagement 0.0.0.0 -bprivate "$address" \
    -Dorg.wildfly.sigterm.suspend.timeout=15 "$@"
