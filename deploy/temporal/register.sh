#!/bin/sh
# Creates the namespace and registers the pipeline's search attributes once the
# server is up (temporalio/admin-tools). `evals worker` refuses to start without them.
set -eu
until temporal operator cluster health >/dev/null 2>&1; do sleep 1; done
temporal operator namespace describe --namespace default >/dev/null 2>&1 || temporal operator namespace create --namespace default --retention 72h
temporal operator search-attribute create --namespace default --name FragmentId --type Keyword --name ProjectId --type Keyword --name PipelineRunId --type Keyword --name EvalOverallStatus --type Keyword
