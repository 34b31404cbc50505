package memfs_test

import (
	"testing"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/vault/memfs"
	"github.com/projectcanvas/projectcanvas/projectcanvas/vault/vaulttest"
)

func TestConformance(t *testing.T) {
	vaulttest.Run(t, func(*testing.T) pc.FS { return memfs.New(nil) })
}
