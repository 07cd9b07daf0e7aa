#include "cli/cli.hpp"

int main(int argc, char** argv) { return awrdiff::cli::run(argc, argv); }
