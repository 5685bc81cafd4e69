# tpk in a small image: a static binary (no cgo) built in the Go image of
# the version go.mod names, copied onto busybox, whose sh the Kubernetes
# recipe's pods run their commands in. From the repository's root:
#   docker build -t tpk --build-arg COMMIT=$(git rev-parse HEAD) --build-arg DATE=$(git log -1 --format=%cI) .
#   docker run --rm tpk run example:locus/duel
# The build context leaves .git out (.dockerignore): COMMIT and DATE stamp
# what `tpk version` prints; without them it says "unknown".
FROM golang:1.26.8 AS build
ARG COMMIT=
ARG DATE=
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
RUN CGO_ENABLED=0 go build -trimpath -buildvcs=false \
      -ldflags "-s -w -X main.buildCommit=${COMMIT} -X main.buildDate=${DATE}" \
      -o /out/tpk ./cmd/tpk

FROM busybox:1.36
COPY --from=build /out/tpk /usr/local/bin/tpk
ENTRYPOINT ["tpk"]
