// The checks of tests/wasm/module.mjs and tests/wasm/playground.mjs: check(ok, what) prints one line
// a check that failed; finish() prints "N passed, M failed" and exits with status 1 when one failed.
export function checker() {
    let passed = 0, failed = 0;
    return {
        check(ok, what) {
            if (ok) ++passed;
            else {
                ++failed;
                console.log(`FAIL ${what}`);
            }
        },
        finish() {
            console.log(`${passed} passed, ${failed} failed`);
            process.exit(failed ? 1 : 0);
        },
    };
}
