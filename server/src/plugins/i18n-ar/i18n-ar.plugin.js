"use strict";
var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
var __metadata = (this && this.__metadata) || function (k, v) {
    if (typeof Reflect === "object" && typeof Reflect.metadata === "function") return Reflect.metadata(k, v);
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.I18nArPlugin = void 0;
var core_1 = require("@vendure/core");
var ar_1 = require("../../i18n/ar");
var en_1 = require("../../i18n/en");
/**
 * Registers the Arabic translations of Vendure's error results / errors / messages, so that
 * `?languageCode=ar` yields Arabic `message` texts (core ships none), plus English texts for the
 * few error results core leaves untranslated.
 */
var I18nArPlugin = /** @class */ (function () {
    function I18nArPlugin(i18nService) {
        this.i18nService = i18nService;
    }
    I18nArPlugin.prototype.onApplicationBootstrap = function () {
        this.i18nService.addTranslation('ar', ar_1.arMessages);
        this.i18nService.addTranslation('en', en_1.enMessages);
    };
    I18nArPlugin = __decorate([
        (0, core_1.VendurePlugin)({
            imports: [core_1.PluginCommonModule],
            compatibility: '^3.0.0',
        }),
        __metadata("design:paramtypes", [core_1.I18nService])
    ], I18nArPlugin);
    return I18nArPlugin;
}());
exports.I18nArPlugin = I18nArPlugin;
