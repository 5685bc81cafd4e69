package main

import (
	"io"
	"io/fs"
	"path"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing/fstest"
)

// memFS is an in-memory fileSystem: a testing/fstest.MapFS that can also
// be written. The tests run the command line on it, and so does the
// WebAssembly build, which has no file system of its own. It has no symbolic links; a file whose mode is not regular
// (fs.ModeNamedPipe) stands for a pipe, written in place.
type memFS struct {
	m    fstest.MapFS
	temp int
}

func newMemFS(files map[string][]byte) *memFS {
	m := fstest.MapFS{}
	for name, data := range files {
		m[name] = &fstest.MapFile{Data: data, Mode: 0o644}
	}
	return &memFS{m: m}
}

// key is name as a MapFS key: slash-separated, relative, clean.
func (*memFS) key(name string) string { return path.Clean(filepath.ToSlash(name)) }

func (f *memFS) Open(name string) (fs.File, error)          { return f.m.Open(f.key(name)) }
func (f *memFS) Stat(name string) (fs.FileInfo, error)      { return f.m.Stat(f.key(name)) }
func (f *memFS) ReadFile(name string) ([]byte, error)       { return f.m.ReadFile(f.key(name)) }
func (f *memFS) ReadDir(name string) ([]fs.DirEntry, error) { return f.m.ReadDir(f.key(name)) }

func (f *memFS) MkdirAll(dir string, perm fs.FileMode) error {
	for d := f.key(dir); d != "." && d != "/"; d = path.Dir(d) {
		if file, ok := f.m[d]; ok {
			if !file.Mode.IsDir() {
				return &fs.PathError{Op: "mkdir", Path: dir, Err: fs.ErrExist}
			}
			continue
		}
		// An entry of its own, so that the directory stays when its last
		// file is removed.
		f.m[d] = &fstest.MapFile{Mode: fs.ModeDir | perm}
	}
	return nil
}

func (f *memFS) CreateTemp(dir, pattern string) (tempFile, error) {
	if st, err := f.m.Stat(f.key(dir)); err != nil || !st.IsDir() {
		return nil, &fs.PathError{Op: "createtemp", Path: dir, Err: fs.ErrNotExist}
	}
	f.temp++
	i := strings.LastIndex(pattern, "*")
	name := path.Join(f.key(dir), pattern[:i]+strconv.Itoa(f.temp)+pattern[i+1:])
	file := &fstest.MapFile{Mode: 0o600}
	f.m[name] = file
	return &memFile{name: name, file: file}, nil
}

func (f *memFS) OpenWrite(name string) (io.WriteCloser, error) {
	file, ok := f.m[f.key(name)]
	if !ok {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
	}
	file.Data = file.Data[:0]
	return &memFile{name: name, file: file}, nil
}

func (f *memFS) EvalSymlinks(name string) (string, error) {
	if _, err := f.m.Stat(f.key(name)); err != nil {
		return "", err
	}
	return name, nil
}

func (f *memFS) Rename(oldname, newname string) error {
	file, ok := f.m[f.key(oldname)]
	if !ok {
		return &fs.PathError{Op: "rename", Path: oldname, Err: fs.ErrNotExist}
	}
	delete(f.m, f.key(oldname))
	f.m[f.key(newname)] = file
	return nil
}

func (f *memFS) Remove(name string) error {
	if _, ok := f.m[f.key(name)]; !ok {
		return &fs.PathError{Op: "remove", Path: name, Err: fs.ErrNotExist}
	}
	delete(f.m, f.key(name))
	return nil
}

// names lists the files (not directories) under dir, sorted.
func (f *memFS) names(dir string) []string {
	var out []string
	for name, file := range f.m {
		if strings.HasPrefix(name, dir+"/") && !file.Mode.IsDir() {
			out = append(out, strings.TrimPrefix(name, dir+"/"))
		}
	}
	sort.Strings(out)
	return out
}

type memFile struct {
	name string
	file *fstest.MapFile
}

func (w *memFile) Write(p []byte) (int, error) {
	w.file.Data = append(w.file.Data, p...)
	return len(p), nil
}
func (w *memFile) Close() error { return nil }
func (w *memFile) Name() string { return w.name }
func (w *memFile) Chmod(mode fs.FileMode) error {
	w.file.Mode = mode
	return nil
}
