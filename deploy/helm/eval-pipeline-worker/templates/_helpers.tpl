{{/* Names and labels, after `helm create`'s conventions. */}}
{{- define "evals.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" }}
{{- end }}

{{- define "evals.fullname" -}}
{{- if .Values.fullnameOverride }}
{{- .Values.fullnameOverride | trunc 63 | trimSuffix "-" }}
{{- else if contains (include "evals.name" .) .Release.Name }}
{{- .Release.Name | trunc 63 | trimSuffix "-" }}
{{- else }}
{{- printf "%s-%s" .Release.Name (include "evals.name" .) | trunc 63 | trimSuffix "-" }}
{{- end }}
{{- end }}

{{- define "evals.chart" -}}
{{- printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" | trunc 63 | trimSuffix "-" }}
{{- end }}

{{/* Selector labels of one component: (dict "root" $ "component" "worker-media"). */}}
{{- define "evals.selectorLabels" -}}
app.kubernetes.io/name: {{ include "evals.name" .root }}
app.kubernetes.io/instance: {{ .root.Release.Name }}
app.kubernetes.io/component: {{ .component }}
{{- end }}

{{- define "evals.labels" -}}
helm.sh/chart: {{ include "evals.chart" .root }}
{{ include "evals.selectorLabels" . }}
app.kubernetes.io/version: {{ include "evals.tag" .root | quote }}
app.kubernetes.io/managed-by: {{ .root.Release.Service }}
app.kubernetes.io/part-of: {{ include "evals.name" .root }}
{{- end }}

{{- define "evals.tag" -}}
{{- .Values.image.tag | default .Chart.AppVersion }}
{{- end }}

{{/* An image reference: (dict "repository" … "tag" … "digest" …); pinned by its digest when one is given. */}}
{{- define "evals.image" -}}
{{- .repository }}:{{ .tag }}{{ with .digest }}@{{ . }}{{ end }}
{{- end }}

{{/* The current build's ID: versioning.buildId, else the image tag. */}}
{{- define "evals.buildId" -}}
{{- .Values.versioning.buildId | default (include "evals.tag" .) }}
{{- end }}

{{- define "evals.deploymentName" -}}
{{- .Values.versioning.deploymentName | default (include "evals.fullname" .) }}
{{- end }}

{{/* A build ID as a label value and name part: lower case, [a-z0-9-], at most 20 characters. */}}
{{- define "evals.buildSlug" -}}
{{- regexReplaceAll "[^a-z0-9-]+" (lower .) "-" | trunc 20 | trimAll "-" }}
{{- end }}

{{/*
The worker units: one per pool (or one for all, combinedPool) and build (the current one, then the
draining ones). Each: name, pools, queues ({queue, type}), build ID, image tag and digest, settings.
Returned as JSON: (include "evals.workerUnits" $ | fromJson).units
*/}}
{{- define "evals.workerUnits" -}}
{{- $queue := .Values.temporal.taskQueue }}
{{- $queues := dict "workflows" (dict "name" $queue "type" "workflow") "media" (dict "name" (printf "%s-media" $queue) "type" "activity") "judge" (dict "name" (printf "%s-judge" $queue) "type" "activity") }}
{{- $groups := list }}
{{- if .Values.combinedPool }}
{{- $groups = list (dict "name" "combined" "pools" (list "workflows" "media" "judge")) }}
{{- else }}
{{- $groups = list (dict "name" "workflows" "pools" (list "workflows")) (dict "name" "media" "pools" (list "media")) (dict "name" "judge" "pools" (list "judge")) }}
{{- end }}
{{- $builds := list (dict "buildId" (include "evals.buildId" .) "tag" (include "evals.tag" .) "digest" .Values.image.digest) }}
{{- if and .Values.versioning.draining (not .Values.versioning.enabled) }}
{{- fail "versioning.draining needs versioning.enabled: unversioned workers have no pinned runs to drain" }}
{{- end }}
{{- range .Values.versioning.draining }}
{{- $builds = append $builds (dict "buildId" (.buildId | default .tag) "tag" .tag "digest" (.digest | default "")) }}
{{- end }}
{{- $units := list }}
{{- range $build := $builds }}
{{- range $group := $groups }}
{{- $unitQueues := list }}
{{- range $group.pools }}{{ $unitQueues = append $unitQueues (get $queues .) }}{{ end }}
{{- $name := printf "%s-%s-%s" (include "evals.fullname" $) $group.name (include "evals.buildSlug" $build.buildId) | trunc 63 | trimSuffix "-" }}
{{- $units = append $units (dict "name" $name "group" $group.name "pools" $group.pools "queues" $unitQueues "buildId" $build.buildId "tag" $build.tag "digest" $build.digest "settings" (get $.Values.pools $group.name) "media" (has "media" $group.pools)) }}
{{- end }}
{{- end }}
{{- dict "units" $units | toJson }}
{{- end }}

{{/* A variable from an existing Secret: (dict "name" "OPENAI_API_KEY" "secret" .Values.judge.apiKeySecret). */}}
{{- define "evals.secretEnv" -}}
{{- if .secret.name }}
- name: {{ .name }}
  valueFrom:
    secretKeyRef:
      name: {{ .secret.name }}
      key: {{ .secret.key }}
{{- end }}
{{- end }}

{{/* TEMPORAL_* and DATABASE_URL: what every process that talks to Temporal and PostgreSQL needs. */}}
{{- define "evals.temporalEnv" -}}
{{- $t := .Values.temporal }}
- name: TEMPORAL_ADDRESS
  value: {{ $t.address | quote }}
- name: TEMPORAL_NAMESPACE
  value: {{ $t.namespace | quote }}
- name: TEMPORAL_TASK_QUEUE
  value: {{ $t.taskQueue | quote }}
{{- if or $t.tls $t.apiKeySecret.name $t.clientCertSecret.name }}
- name: TEMPORAL_TLS
  value: "true"
{{- end }}
{{- include "evals.secretEnv" (dict "name" "TEMPORAL_API_KEY" "secret" $t.apiKeySecret) }}
{{- if $t.clientCertSecret.name }}
- name: TEMPORAL_TLS_CLIENT_CERT_PATH
  value: /etc/temporal/client/{{ $t.clientCertSecret.certKey }}
- name: TEMPORAL_TLS_CLIENT_KEY_PATH
  value: /etc/temporal/client/{{ $t.clientCertSecret.keyKey }}
{{- end }}
{{- if $t.serverCaSecret.name }}
- name: TEMPORAL_TLS_SERVER_CA_CERT_PATH
  value: /etc/temporal/server-ca/{{ $t.serverCaSecret.key }}
{{- end }}
{{- if $t.serverName }}
- name: TEMPORAL_TLS_SERVER_NAME
  value: {{ $t.serverName | quote }}
{{- end }}
{{- include "evals.secretEnv" (dict "name" "DATABASE_URL" "secret" .Values.database.urlSecret) }}
- name: LOG_LEVEL
  value: {{ .Values.logLevel | quote }}
{{- end }}

{{/* The Temporal client certificate and server CA, mounted as files (volumes, then mounts). */}}
{{- define "evals.temporalVolumes" -}}
{{- if .Values.temporal.clientCertSecret.name }}
- name: temporal-client
  secret:
    secretName: {{ .Values.temporal.clientCertSecret.name }}
{{- end }}
{{- if .Values.temporal.serverCaSecret.name }}
- name: temporal-server-ca
  secret:
    secretName: {{ .Values.temporal.serverCaSecret.name }}
{{- end }}
{{- end }}

{{- define "evals.temporalMounts" -}}
{{- if .Values.temporal.clientCertSecret.name }}
- name: temporal-client
  mountPath: /etc/temporal/client
  readOnly: true
{{- end }}
{{- if .Values.temporal.serverCaSecret.name }}
- name: temporal-server-ca
  mountPath: /etc/temporal/server-ca
  readOnly: true
{{- end }}
{{- end }}

{{/* Variables from a map, sorted by name. */}}
{{- define "evals.envMap" -}}
{{- range $name, $value := . }}
- name: {{ $name }}
  value: {{ $value | toString | quote }}
{{- end }}
{{- end }}

{{/* Container security of every container: no capabilities, no privilege escalation, a read-only root file system (scratch is on emptyDir volumes). */}}
{{- define "evals.containerSecurity" -}}
allowPrivilegeEscalation: false
readOnlyRootFilesystem: true
capabilities:
  drop: [ALL]
{{- end }}

{{/*
The writable places of a container whose root file system is read-only: /tmp and the data directory
(EVALS_DATA_DIR: extraction scratch, the frame cache, the TeX cache), each an emptyDir with a size limit.
(dict "root" $ "dataSizeLimit" …): volumes, then mounts, then the variable.
*/}}
{{- define "evals.scratchVolumes" -}}
- name: tmp
  emptyDir:
    sizeLimit: {{ .root.Values.tmpSizeLimit }}
- name: data
  emptyDir:
    sizeLimit: {{ .dataSizeLimit }}
{{- end }}
{{- define "evals.scratchMounts" -}}
- name: tmp
  mountPath: /tmp
- name: data
  mountPath: /var/lib/evals
{{- end }}
{{- define "evals.dataDirEnv" -}}
- name: EVALS_DATA_DIR
  value: /var/lib/evals
{{- end }}

{{- define "evals.podSecurity" -}}
runAsNonRoot: true
runAsUser: 1000
runAsGroup: 1000
fsGroup: 1000
seccompProfile:
  type: RuntimeDefault
{{- end }}

{{/* A seccomp or AppArmor profile from values: {type, localhostProfile}. */}}
{{- define "evals.profile" -}}
type: {{ .type }}
{{- if eq .type "Localhost" }}
localhostProfile: {{ required "sandbox: a Localhost profile needs localhostProfile" .localhostProfile }}
{{- end }}
{{- end }}

{{/*
What the workers judge with and read from: the same in every pool, so that every process of the
fleet has one configuration (the network policy, not the environment, limits what each pool reaches).
*/}}
{{- define "evals.serviceEnv" -}}
{{- with .Values.allowedHosts }}
- name: EVALS_ALLOWED_HOSTS
  value: {{ join "," . | quote }}
{{- end }}
{{- with .Values.fragments.apiUrl }}
- name: FRAGMENTS_API_URL
  value: {{ . | quote }}
{{- end }}
{{- include "evals.secretEnv" (dict "name" "FRAGMENTS_API_KEY" "secret" .Values.fragments.apiKeySecret) }}
{{- with .Values.judge.baseUrl }}
- name: OPENAI_BASE_URL
  value: {{ . | quote }}
{{- end }}
{{- include "evals.secretEnv" (dict "name" "OPENAI_API_KEY" "secret" .Values.judge.apiKeySecret) }}
{{- end }}
