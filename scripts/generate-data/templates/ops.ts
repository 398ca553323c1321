/**
 * Code templates: Build and operations files: CI workflows, manifests, Dockerfile, Makefile, HCL, shell.
 * Each export takes the naming variables of a repository and returns the file text (see ../code-templates.ts).
 */

import type { Names } from '../code-templates.js';

export const ciYaml = (n: Names): string => `name: ci

on:
  push:
    branches: [${n.branch}]
  pull_request:

jobs:
  test:
    runs-on: ubuntu-latest
    strategy:
      matrix:
        toolchain: ${n.matrix}
    steps:
      - uses: actions/checkout@v4
      - name: Set up toolchain
        run: ./scripts/setup-toolchain.sh \${{ matrix.toolchain }}
      - name: Test
        run: ${n.testCmd}
`;

export const exampleManifest = (n: Names): string => `# Example ${n.file} for a small web stack.
name: web-demo
parallelism: 4
timeout: 45s

providers:
  objectstore:
    region: eu-north
  dns:
    zone: demo.example

resources:
  - kind: bucket
    name: assets
  - kind: record
    name: www
    target: assets
`;

export const crdYaml = (n: Names): string => `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: stacks.${n.cmd}.nimbusforge.dev
spec:
  group: ${n.cmd}.nimbusforge.dev
  names:
    kind: Stack
    plural: stacks
    singular: stack
  scope: Namespaced
  versions:
    - name: v1beta1
      served: true
      storage: true
      schema:
        openAPIV3Schema:
          type: object
          properties:
            spec:
              type: object
              properties:
                manifest:
                  type: string
                suspend:
                  type: boolean
`;

export const actionYml = (n: Names): string => `name: '${n.product} plan'
description: 'Run a plan and comment the diff on the pull request.'
inputs:
  manifest:
    description: 'Path to the manifest'
    default: '${n.file}'
  comment:
    description: 'Post the plan as a comment'
    default: 'true'
runs:
  using: 'node20'
  main: 'dist/index.js'
`;

export const rulesYaml = (_n: Names): string => `# Cloud access keys. Each rule: an id, a regex and an entropy floor.
rules:
  - id: cloudlet-access-key
    description: Cloudlet access key id
    regex: 'CLK[A-Z0-9]{17}'
    entropy: 3.2
  - id: bramble-bot-token
    description: Bramble bot token
    regex: 'brb_[a-zA-Z0-9]{32}'
    entropy: 4.0
  - id: generic-api-key
    description: Assignments that look like API keys
    regex: '(?i)(api[_-]?key|secret)\\s*[:=]\\s*["'']?[a-z0-9/+]{24,}'
    entropy: 4.5
allowlist:
  paths:
    - 'testdata/**'
    - '**/*_test.go'
`;

export const dockerfile = (n: Names): string => `# syntax=docker/dockerfile:1
FROM golang:1.23 AS build
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
RUN CGO_ENABLED=0 go build -trimpath -ldflags="-s -w" -o /out/${n.cmd} ./cmd/${n.cmd}

FROM scratch
COPY --from=build /out/${n.cmd} /usr/local/bin/${n.cmd}
USER 65532:65532
ENTRYPOINT ["/usr/local/bin/${n.cmd}"]
`;

export const makefile = (n: Names): string => `BINARY := ${n.cmd}
VERSION ?= $(shell git describe --tags --always)

.PHONY: build test lint clean

build:
\tgo build -ldflags "-X main.version=$(VERSION)" -o bin/$(BINARY) ./cmd/$(BINARY)

test:
\tgo test -race ./...

lint:
\tgo vet ./...

clean:
\trm -rf bin/
`;

export const hclMain = (n: Names): string => `# Core services of ${n.owner}. Applied by the platform team only.

terraform {
  required_version = ">= 1.6"
}

variable "environment" {
  type    = string
  default = "staging"
}

module "web" {
  source        = "./modules/service"
  name          = "site-\${var.environment}"
  replicas      = var.environment == "production" ? 3 : 1
  health_check  = "/healthz"
}

output "web_url" {
  value = module.web.url
}
`;

export const installSh = (_n: Names): string => `#!/usr/bin/env bash
# Link every dotfile into $HOME, keeping a backup of anything replaced.
set -euo pipefail

here="$(cd "$(dirname "\${BASH_SOURCE[0]}")" && pwd)"
backup="$HOME/.dotfiles-backup/$(date +%Y%m%d%H%M%S)"

for file in "$here"/home/.*; do
  name="$(basename "$file")"
  [[ "$name" == "." || "$name" == ".." ]] && continue
  if [[ -e "$HOME/$name" && ! -L "$HOME/$name" ]]; then
    mkdir -p "$backup"
    mv "$HOME/$name" "$backup/"
  fi
  ln -sfn "$file" "$HOME/$name"
  echo "linked $name"
done
`;
