/* The floor under any YAML-based linter: libyaml's event parser over files, nothing else.
   Usage: yaml-floor FILE...   (scripts/bench builds it with: cc -O2 yaml-floor.c -lyaml) */
#include <stdio.h>
#include <stdlib.h>
#include <yaml.h>

int main(int argc, char **argv) {
    unsigned long events = 0;
    for (int i = 1; i < argc; i++) {
        FILE *file = fopen(argv[i], "rb");
        if (!file) { perror(argv[i]); return 2; }
        yaml_parser_t parser;
        yaml_event_t event;
        yaml_parser_initialize(&parser);
        yaml_parser_set_input_file(&parser, file);
        int done = 0;
        while (!done) {
            if (!yaml_parser_parse(&parser, &event)) { fprintf(stderr, "%s: parse error\n", argv[i]); return 1; }
            done = event.type == YAML_STREAM_END_EVENT;
            events++;
            yaml_event_delete(&event);
        }
        yaml_parser_delete(&parser);
        fclose(file);
    }
    printf("%lu events\n", events);
    return 0;
}
