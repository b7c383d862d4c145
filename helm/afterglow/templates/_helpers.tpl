{{/* The launcher's targets (services/server/src/modules.ts). */}}
{{- define "afterglow.knownComponents" -}}
gateway events photos media billing admin notify realtime
{{- end }}

{{/* Components the gateway reaches over HTTP (AFTERGLOW_<NAME>_URL). */}}
{{- define "afterglow.upstreams" -}}
events photos admin billing notify realtime
{{- end }}

{{- define "afterglow.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" }}
{{- end }}

{{/*
Fully qualified app name: the release name when it already contains the chart name (release
"afterglow" -> "afterglow"), else "<release>-afterglow". Component objects are "<fullname>-<component>".
*/}}
{{- define "afterglow.fullname" -}}
{{- if .Values.fullnameOverride }}
{{- .Values.fullnameOverride | trunc 63 | trimSuffix "-" }}
{{- else }}
{{- $name := default .Chart.Name .Values.nameOverride }}
{{- if contains $name .Release.Name }}
{{- .Release.Name | trunc 63 | trimSuffix "-" }}
{{- else }}
{{- printf "%s-%s" .Release.Name $name | trunc 63 | trimSuffix "-" }}
{{- end }}
{{- end }}
{{- end }}

{{- define "afterglow.chart" -}}
{{- printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" | trunc 63 | trimSuffix "-" }}
{{- end }}

{{/* Labels on every object. */}}
{{- define "afterglow.labels" -}}
helm.sh/chart: {{ include "afterglow.chart" . }}
{{ include "afterglow.selectorLabels" . }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
app.kubernetes.io/part-of: afterglow
{{- end }}

{{/* Selects every pod of this release. */}}
{{- define "afterglow.selectorLabels" -}}
app.kubernetes.io/name: {{ include "afterglow.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
{{- end }}

{{/* Component labels; call with (dict "root" $ "name" "gateway"). */}}
{{- define "afterglow.componentLabels" -}}
{{ include "afterglow.labels" .root }}
app.kubernetes.io/component: {{ .name }}
{{- end }}

{{/* Selects one component's pods; call with (dict "root" $ "name" "gateway"). */}}
{{- define "afterglow.componentSelectorLabels" -}}
{{ include "afterglow.selectorLabels" .root }}
app.kubernetes.io/component: {{ .name }}
{{- end }}

{{/* "<fullname>-<component>"; call with (dict "root" $ "name" "gateway"). */}}
{{- define "afterglow.componentFullname" -}}
{{- printf "%s-%s" (include "afterglow.fullname" .root | trunc 52 | trimSuffix "-") .name }}
{{- end }}

{{/* The chart's Secret: existingSecret or the one the chart creates. */}}
{{- define "afterglow.secretName" -}}
{{- default (include "afterglow.fullname" .) .Values.secret.existingSecret }}
{{- end }}

{{- define "afterglow.serviceAccountName" -}}
{{- if .Values.serviceAccount.create }}
{{- default (include "afterglow.fullname" .) .Values.serviceAccount.name }}
{{- else }}
{{- default "default" .Values.serviceAccount.name }}
{{- end }}
{{- end }}

{{- define "afterglow.image" -}}
{{- if .Values.image.digest }}
{{- printf "%s@%s" .Values.image.repository .Values.image.digest }}
{{- else }}
{{- printf "%s:%s" .Values.image.repository (default .Chart.AppVersion .Values.image.tag | toString) }}
{{- end }}
{{- end }}

{{/* Whether autoscaling is on for a component; call with the component's values. */}}
{{- define "afterglow.autoscaling" -}}
{{- if dig "autoscaling" "enabled" false . }}true{{ end }}
{{- end }}

{{/* The fewest pods a component runs: autoscaling.minReplicas, else replicas. */}}
{{- define "afterglow.minPods" -}}
{{- if include "afterglow.autoscaling" . }}
{{- dig "autoscaling" "minReplicas" 1 . | int }}
{{- else }}
{{- dig "replicas" 1 . | int }}
{{- end }}
{{- end }}

{{/* The most pods a component runs: autoscaling.maxReplicas, else replicas. */}}
{{- define "afterglow.maxPods" -}}
{{- if include "afterglow.autoscaling" . }}
{{- dig "autoscaling" "maxReplicas" 1 . | int }}
{{- else }}
{{- dig "replicas" 1 . | int }}
{{- end }}
{{- end }}

{{/*
An env var from a secret reference { name, key } (empty name: the chart's Secret).
Call with (dict "root" $ "env" "DATABASE_URL" "ref" $ref "optional" false).
*/}}
{{- define "afterglow.secretEnv" -}}
- name: {{ .env }}
  valueFrom:
    secretKeyRef:
      name: {{ default (include "afterglow.secretName" .root) .ref.name }}
      key: {{ required (printf "a secret key for %s" .env) .ref.key }}
      {{- if .optional }}
      optional: true
      {{- end }}
{{- end }}

{{/* Fails early on settings that cannot work in distributed mode. */}}
{{- define "afterglow.validate" -}}
{{- $known := splitList " " (include "afterglow.knownComponents" .) }}
{{- range $name, $c := .Values.components }}
{{- if not (has $name $known) }}
{{- fail (printf "components.%s: unknown component (known: %s)" $name (join ", " $known)) }}
{{- end }}
{{- if and (include "afterglow.autoscaling" $c) (not (dig "resources" "requests" "cpu" "" $c)) }}
{{- fail (printf "components.%s: autoscaling on CPU needs resources.requests.cpu" $name) }}
{{- end }}
{{- if and (include "afterglow.autoscaling" $c) (gt (int (include "afterglow.minPods" $c)) (int (include "afterglow.maxPods" $c))) }}
{{- fail (printf "components.%s: autoscaling.minReplicas is greater than maxReplicas" $name) }}
{{- end }}
{{- end }}
{{- if not .Values.externalServices.nats.url }}
{{- fail "externalServices.nats.url is required: in distributed mode the components talk over NATS JetStream" }}
{{- end }}
{{- if not .Values.externalServices.s3.bucket }}
{{- fail "externalServices.s3.bucket is required: in distributed mode photos live in S3-compatible storage" }}
{{- end }}
{{- if and (not .Values.externalServices.redis.url) (not .Values.externalServices.redis.urlSecret.key) }}
{{- fail "externalServices.redis.url (or redis.urlSecret) is required: sessions must be shared by gateway pods" }}
{{- end }}
{{- if and (not .Values.secret.existingSecret) (not .Values.secret.values.DATABASE_URL) (not .Values.externalServices.database.urlSecret.name) }}
{{- fail "secret.values.DATABASE_URL (or secret.existingSecret / externalServices.database.urlSecret.name) is required: distributed mode needs PostgreSQL" }}
{{- end }}
{{- if and (not .Values.externalServices.oidc.issuerUrl) (dig "gateway" "enabled" false .Values.components) (gt (int (include "afterglow.maxPods" .Values.components.gateway)) 1) }}
{{- fail "externalServices.oidc.issuerUrl is required when the gateway can run more than one pod: the embedded identity provider lives in one gateway process" }}
{{- end }}
{{- if and .Values.secret.values.AFTERGLOW_SECRET (lt (len .Values.secret.values.AFTERGLOW_SECRET) 32) }}
{{- fail "secret.values.AFTERGLOW_SECRET must be at least 32 characters" }}
{{- end }}
{{- end }}
