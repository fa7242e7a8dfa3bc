// Placeholder main while interpreter/cli has no sources yet.
int main() { return 2; }
