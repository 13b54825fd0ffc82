package scenario

import (
	"net/url"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestShareFragmentRoundTrip(t *testing.T) {
	src, err := os.ReadFile("testdata/seed001.scn")
	require.NoError(t, err)
	frag := ShareFragment(string(src), 7)
	require.Less(t, len(frag), len(src), "compression should shorten a real scenario")
	text, at, err := ParseShareFragment(frag)
	require.NoError(t, err)
	require.Equal(t, string(src), text)
	require.Equal(t, 7, at)

	text, at, err = ParseShareFragment(ShareFragment("algorithm central\n", -1))
	require.NoError(t, err)
	require.Equal(t, "algorithm central\n", text)
	require.Equal(t, -1, at)
}

func TestShareFragmentWithListing(t *testing.T) {
	lst, err := os.ReadFile("../listing/seeds/ra-v1.txt")
	require.NoError(t, err)
	sc := "algorithm ra-v1\nnodes N1 N2\n"
	frag := ShareFragmentWith(sc, -1, string(lst))
	require.Contains(t, frag, "&lst=")
	s, err := ParseShared(frag)
	require.NoError(t, err)
	require.Equal(t, Shared{Text: sc, At: -1, Listing: string(lst)}, s)
	// ParseShareFragment reads the scenario of such a link as before.
	text, at, err := ParseShareFragment(ShareFragmentWith(sc, 4, string(lst)))
	require.NoError(t, err)
	require.Equal(t, sc, text)
	require.Equal(t, 4, at)
	// No listing: ShareFragment's link, and none read back.
	require.Equal(t, ShareFragment(sc, 2), ShareFragmentWith(sc, 2, ""))
	s, err = ParseShared(ShareFragment(sc, 2))
	require.NoError(t, err)
	require.Equal(t, Shared{Text: sc, At: 2}, s)
}

// A link names the Go exercise whose feedback it comes from (ex=), read
// back as written; a name that is not a folder name's is neither written
// nor read.
func TestShareFragmentNamesTheExercise(t *testing.T) {
	sc := "algorithm central\nnodes N1 N2\n"
	frag := Shared{Text: sc, At: -1, Exercise: "ra-steps"}.Fragment()
	require.True(t, strings.HasSuffix(frag, "&ex=ra-steps"), frag)
	s, err := ParseShared(frag)
	require.NoError(t, err)
	require.Equal(t, Shared{Text: sc, At: -1, Exercise: "ra-steps"}, s)
	for _, bad := range []string{`x"><b>`, "Ra", "-x", "a/b", strings.Repeat("a", 65)} {
		require.NotContains(t, Shared{Text: sc, At: -1, Exercise: bad}.Fragment(), "ex=", bad)
		s, err := ParseShared(ShareFragment(sc, -1) + "&ex=" + url.QueryEscape(bad))
		require.NoError(t, err)
		require.Empty(t, s.Exercise, bad)
	}
	require.Equal(t, ShareFragmentWith(sc, 3, "x"), Shared{Text: sc, At: 3, Listing: "x"}.Fragment())
}

func TestShareFragmentErrors(t *testing.T) {
	for frag, want := range map[string]string{
		"":                                   "no scenario",
		"scenario=%%%":                       "share link",
		"scenario=!!":                        "illegal base64",
		"scenario=AAAA":                      "share link",
		ShareFragment("x", -1) + "&at=-3":    "bad step",
		ShareFragment("x", -1) + "&lst=!!":   "listing: illegal base64",
		ShareFragment("x", -1) + "&lst=AAAA": "listing",
		ShareFragment("x", -1) + "&lst=":     "listing",
	} {
		s, err := ParseShared(frag)
		require.Error(t, err, frag)
		require.Equal(t, Shared{At: -1}, s, "an error returns nothing of the link")
		require.True(t, strings.Contains(err.Error(), want), "%q: %v", frag, err)
	}
}

// FuzzShareFragment: a link is untrusted input; reading one never panics,
// and what ShareFragment writes always reads back.
func FuzzShareFragment(f *testing.F) {
	f.Add("scenario=" + "AAAA")
	f.Add(ShareFragment("algorithm central\nnodes A B\n", 3))
	f.Add("at=1&scenario=")
	f.Fuzz(func(t *testing.T, frag string) {
		ParseShareFragment(frag)
		text, at, err := ParseShareFragment(ShareFragment(frag, 2))
		require.NoError(t, err)
		require.Equal(t, frag, text)
		require.Equal(t, 2, at)
		s, err := ParseShared(ShareFragmentWith("algorithm x\n", 1, frag))
		require.NoError(t, err)
		require.Equal(t, frag, s.Listing)
	})
}
